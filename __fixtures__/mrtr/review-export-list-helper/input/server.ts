import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { confirm } from './confirm.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.registerTool('delete_file', { inputSchema: { path: z.string() } }, async ({ path }) => {
    if (!(await confirm(server, path))) return { content: [{ type: 'text', text: 'kept' }] };
    return { content: [{ type: 'text', text: `deleted ${path}` }] };
  });
  return server;
}
