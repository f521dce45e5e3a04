import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private server = new McpServer({ name: 'x', version: '1.0.0' });
  private greeting = 'hi';
  constructor() {
    this.server.registerTool(this.greeting, {}, async () => ({ content: [] }));
  }
  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}
