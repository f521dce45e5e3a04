import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
    register(this.server);
  }
  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}

declare function register(s: McpServer): void;
declare function startTimer(): void;