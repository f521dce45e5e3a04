/** A problem with the invocation itself (missing path, unreadable tsconfig): the CLI exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
