import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { Server } from '@modelcontextprotocol/server';

class App {
  constructor() {
    this.server = this.buildServer();
  }

  buildServer() {
    this.server = new Server({ name: 'x', version: '1.0.0' }, { capabilities: { tools: {} } });
    this.server.setRequestHandler('tools/list', async () => ({ tools: [] }));
    return this.server;
  }
  async run() {
    serveStdio(() => this.buildServer());
  }
}
new App().run();
