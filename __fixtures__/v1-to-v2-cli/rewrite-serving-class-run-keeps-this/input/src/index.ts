import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export class App {
  private readonly greeting = "hello";
  async run() {
    const server = new McpServer({ name: 'x', version: '1.0.0' });
    server.registerTool('hi', {}, async () => ({ content: [{ type: 'text' as const, text: this.greeting }] }));
    await server.connect(new StdioServerTransport());
  }
}
