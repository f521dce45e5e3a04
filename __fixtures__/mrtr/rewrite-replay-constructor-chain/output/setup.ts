import type { McpServer } from '@modelcontextprotocol/server';
import { ToolRegistry } from './tools.js';
export { requestStateCodec } from './tools.js';

/** Sets the server up: the registries get the server it was given. */
export class ServerSetup {
  private server: McpServer;

  constructor(server: McpServer) {
    this.server = server;
  }

  setup(): void {
    const tools = new ToolRegistry(this.server);
    tools.register();
  }
}
