// Not MCP: a tiny chat-API client and a filesystem helper whose method names
// happen to match SDK methods (createMessage, request, listRoots).
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export class ChatClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey = process.env.CHAT_API_KEY ?? '',
  ) {}

  async request<T>(route: string, body: unknown): Promise<T> {
    const res = await fetch(new URL(route, this.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.apiKey}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`chat API answered ${res.status}`);
    return (await res.json()) as T;
  }

  async createMessage(messages: ChatMessage[], maxTokens = 64): Promise<string> {
    const data = await this.request<{ text: string }>('/v1/messages', { messages, max_tokens: maxTokens });
    return data.text;
  }
}

export class WorkspaceFolders {
  constructor(private readonly base: string) {}

  async listRoots(): Promise<string[]> {
    const entries = await readdir(this.base, { withFileTypes: true });
    return entries.filter((e) => e.isDirectory()).map((e) => path.join(this.base, e.name));
  }
}
