import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
async function registerAll(server: McpServer) {
  server.registerTool('hi', {}, async () => ({ content: [] }));
}
async function main() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  await registerAll(server);
  await server.connect(new StdioServerTransport());
}
await main();
