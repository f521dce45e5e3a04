import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRemove } from './confirm.js';

// The server a local client starts over stdio.
export function build(): McpServer {
  const stdioServer = new McpServer({ name: 'files', version: '1.0.0' });

  stdioServer.registerTool('remove', { inputSchema: z.object({ path: z.string() }) }, async ({ path }, ctx) => {
    const ok = await confirmRemove(ctx, path);
    return { content: [{ type: 'text', text: ok ? `Removed ${path}.` : `Kept ${path}.` }] };
  });
  return stdioServer;
}
