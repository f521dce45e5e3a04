import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
  }
  async run() {
    await this.server.connect(new StdioServerTransport());
    await this.server.sendLoggingMessage({ level: 'info', data: 'up' });
  }
}

declare function register(s: McpServer): void;
declare function startTimer(): void;