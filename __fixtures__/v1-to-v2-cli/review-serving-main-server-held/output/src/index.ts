import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

async function main() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  const servers = [server];
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: `const servers = [server];` (line 6) uses server in a way that cannot move into the factory: move what builds the server into a function and serve it with serveStdio(() => build()) */
  await server.connect(new StdioServerTransport());
  return servers;
}
await main();
