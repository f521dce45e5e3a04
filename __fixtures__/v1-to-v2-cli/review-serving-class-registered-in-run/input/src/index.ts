import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
  }
  private register() {
    this.server.registerTool('hi', {}, async () => ({ content: [] }));
  }
  async run() {
    this.register();
    await this.server.connect(new StdioServerTransport());
  }
}

declare function register(s: McpServer): void;
declare function startTimer(): void;