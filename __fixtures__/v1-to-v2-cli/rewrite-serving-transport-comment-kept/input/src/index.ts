import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

async function main() {
  // Create server instance
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));

  // Create transport and connect
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('running');
}

main();
