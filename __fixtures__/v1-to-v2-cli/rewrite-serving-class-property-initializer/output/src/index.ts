import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export class App {
  private server: McpServer = this.buildServer();
  constructor() {
  }

  private buildServer() {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
    this.server.registerTool('hi', {}, async () => ({ content: [] }));
    return this.server;
  }
  async run() {
    serveStdio(() => this.buildServer());
  }
}
