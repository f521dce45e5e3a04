/** Run an operation up to three times: flaky transports fail now and then. */
export async function withRetry<T>(operation: () => Promise<T>, attempts = 3): Promise<T> {
  let last: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      last = error;
    }
  }
  throw last;
}
