import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export async function startServer() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: startServer() returns the server after connecting it, `return server;` (line 7), and serveStdio builds a server per connection, so there is none to return: where no caller uses startServer()'s result, remove that return and replace the transport and the connect with serveStdio(() => new McpServer({ name: 'x', version: '1.0.0' })) (the server is then built when a client connects); otherwise keep what the caller does with the server inside that factory */
  await server.connect(new StdioServerTransport());
  return server;
}
