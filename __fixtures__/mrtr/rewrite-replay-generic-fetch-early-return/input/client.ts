/** A tiny API client: every call is a request to the photo service (counted here instead). */
export class PhotoClient {
  requests = 0;
  saved: string[] = [];

  async get<T>(path: string): Promise<T> {
    this.requests++;
    const answers: Record<string, unknown> = { '/me/limits': { qualities: ['standard', 'high'] } };
    return answers[path] as T;
  }

  async save(name: string, quality: string): Promise<{ id: number }> {
    this.saved.push(`${name}:${quality}`);
    return { id: this.saved.length };
  }
}
