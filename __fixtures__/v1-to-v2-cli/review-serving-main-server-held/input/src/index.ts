import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
async function main() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  const servers = [server];
  await server.connect(new StdioServerTransport());
  return servers;
}
await main();
