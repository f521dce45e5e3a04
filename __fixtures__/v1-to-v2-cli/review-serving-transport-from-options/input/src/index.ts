import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export async function start(opts: { transport?: StdioServerTransport } = {}) {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  await server.connect(opts.transport ?? new StdioServerTransport());
}
