import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

let greetings = 0;

async function createServer() {
  const server = new McpServer({ name: 'started', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greet' }, async () => ({
    content: [{ type: 'text', text: `hello #${++greetings}` }],
  }));
  return server;
}

// Connects the server and hands it back: its only caller (start.ts) drops the result.
export async function startGreeter() {
  const server = await createServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('started: on stdio');
  return server;
}
