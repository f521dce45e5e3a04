import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export class App {
  private server = new McpServer({ name: 'x', version: '1.0.0' });
  private greeting = 'hi';
  constructor() {
    this.server.registerTool(this.greeting, {}, async () => ({ content: [] }));
  }
  async run() {
    /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: the server is the property this.server (a registration on this.server reads another property of the object, not yet set when it is built), while serveStdio builds a server per connection from its factory: move its construction and registrations into a method that builds and returns a new server, serve serveStdio(() => this.buildServer()), and close through the handle serveStdio returns */
    await this.server.connect(new StdioServerTransport());
  }
}
