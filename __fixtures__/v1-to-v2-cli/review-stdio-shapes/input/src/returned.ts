import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

async function createServer() {
  const server = new McpServer({ name: 'returned', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

// Starts the server and hands it back to the caller.
export async function startServer() {
  const server = await createServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('returned: on stdio');
  return server;
}
