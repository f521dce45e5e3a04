import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
    this.greeting = 'hi';
    this.server.registerTool(this.greeting, {}, async () => ({ content: [] }));
  }
  private greeting = "";
  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}

declare function register(s: McpServer): void;
declare function startTimer(): void;