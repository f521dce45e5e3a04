import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
class App {
  constructor() {
    this.server = new Server({ name: 'x', version: '1.0.0' }, { capabilities: { tools: {} } });
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
  }
  async run() {
    const transport = new StdioServerTransport();
    await this.server.connect(transport);
  }
}
new App().run();
