import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

class App {
  server: McpServer;
  constructor() {
    this.server = this.buildServer();
  }

  private buildServer() {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
    this.server.registerTool('a', {}, async () => ({ content: [] }));
    return this.server;
  }
  async run() {
    serveStdio(() => this.buildServer());
  }
}
await new App().run();
