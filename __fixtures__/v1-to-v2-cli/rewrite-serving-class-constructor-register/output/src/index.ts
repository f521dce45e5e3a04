import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = this.buildServer();
    void name;
  }

  private buildServer() {
    this.server = new McpServer({ name: 'x', version: '1.0.0' });
    this.register();
    return this.server;
  }
  private register() {
    this.server.registerTool('hi', {}, async () => ({ content: [] }));
  }
  async run() {
    serveStdio(() => this.buildServer());
  }
}
