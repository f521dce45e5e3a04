import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export class App {
  private server: McpServer;
  constructor(name: string) {
    this.server = new McpServer({ name, version: '1.0.0' });
  }
  async run() {
    /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: the server is the property this.server (this.server is built from the constructor's parameters or locals, which a method cannot read), while serveStdio builds a server per connection from its factory: move its construction and registrations into a method that builds and returns a new server, serve serveStdio(() => this.buildServer()), and close through the handle serveStdio returns */
    await this.server.connect(new StdioServerTransport());
  }
}

declare function register(s: McpServer): void;
declare function startTimer(): void;