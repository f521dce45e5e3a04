import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

function build() {
  return new McpServer({ name: 'x', version: '1.0.0' });
}
async function main() {
  let transport = new StdioServerTransport();
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio' */
  await build().connect(transport);
}
await main();
