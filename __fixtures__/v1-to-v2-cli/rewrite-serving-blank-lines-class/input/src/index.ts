import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
class App {
  server: McpServer;
  constructor() {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });

    this.server.registerTool('a', {}, async () => ({ content: [] }));
  }
  async run() {
    await this.server.connect(new StdioServerTransport());
  }
}
await new App().run();
