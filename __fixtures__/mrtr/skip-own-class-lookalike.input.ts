import { readdir } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// Not MCP: a chat-API client and a folder lister whose method names match SDK methods.
class ChatApi {
  constructor(private readonly baseUrl: string) {}

  async request<T>(route: string, body: unknown): Promise<T> {
    const res = await fetch(new URL(route, this.baseUrl), { method: 'POST', body: JSON.stringify(body) });
    return (await res.json()) as T;
  }

  async createMessage(prompt: string): Promise<string> {
    return (await this.request<{ text: string }>('/v1/messages', { prompt })).text;
  }
}

class Folders {
  async listRoots(): Promise<string[]> {
    return (await readdir('.', { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  }
}

const server = new McpServer({ name: 'lookalikes', version: '1.0.0' });
const chat = new ChatApi('http://localhost:8080');
const folders = new Folders();

server.registerTool('overview', { description: 'Summarize the folders' }, async () => {
  const names = await folders.listRoots();
  const summary = await chat.createMessage(`Summarize: ${names.join(', ')}`);
  await chat.request('/v1/log', { method: 'elicitation/create' });
  return { content: [{ type: 'text', text: summary }] };
});

export default server;
