import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// The paywall helper is part of this package's API, for servers that wire it into their own tools.
export { askToPay } from './ask.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'paywall', version: '2.0.0' });
  server.registerTool('read_article', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    return { content: [{ type: 'text', text: `article ${id}` }] };
  });
  return server;
}
