import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export async function startServer() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  await server.connect(new StdioServerTransport());
  return server;
}
