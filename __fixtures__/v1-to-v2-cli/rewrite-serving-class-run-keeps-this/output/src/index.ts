import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export class App {
  private readonly greeting = "hello";
  async run() {
    serveStdio(() => {
      const server = new McpServer({ name: 'x', version: '1.0.0' });
      server.registerTool('hi', {}, async () => ({ content: [{ type: 'text' as const, text: this.greeting }] }));
      return server;
    });
  }
}
