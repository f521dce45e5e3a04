import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export async function start(opts: { transport?: StdioServerTransport } = {}) {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  /* @mcp-mrtr-review serving-2025-only: server.connect(opts.transport ?? new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio' (pass this transport as its `transport` option if it is not the process's stdio) */
  await server.connect(opts.transport ?? new StdioServerTransport());
}
