import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// Connects the server and hands it back: its caller (keep.ts) closes it on a signal.
export async function startKept() {
  const server = new McpServer({ name: 'kept', version: '1.0.0' });
  server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
  await server.connect(new StdioServerTransport());
  return server;
}
