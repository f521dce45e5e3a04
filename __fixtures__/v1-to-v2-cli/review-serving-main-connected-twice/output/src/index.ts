import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

async function main() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  // first
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: `await server.connect(new StdioServerTransport());` (line 8) uses server after the connect (serveStdio builds the server per connection, so only the factory can hold it): keep what needs the server inside the factory */
  await server.connect(new StdioServerTransport());
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: `await server.connect(new StdioServerTransport());` (line 7) connects server too: serve it once, with serveStdio(() => build()) where the stdio connect is */
  await server.connect(new StdioServerTransport());
}
await main();
