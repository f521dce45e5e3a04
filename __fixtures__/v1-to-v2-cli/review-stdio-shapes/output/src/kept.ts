import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

// Connects the server and hands it back: its caller (keep.ts) closes it on a signal.
export async function startKept() {
  const server = new McpServer({ name: 'kept', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: startKept() returns the server after connecting it, `return server;` (line 9), and serveStdio builds a server per connection, so there is none to return: where no caller uses startKept()'s result, remove that return and replace the transport and the connect with serveStdio(() => new McpServer({ name: 'kept', version: '1.0.0' })) (the server is then built when a client connects); otherwise keep what the caller does with the server inside that factory */
  await server.connect(new StdioServerTransport());
  return server;
}
