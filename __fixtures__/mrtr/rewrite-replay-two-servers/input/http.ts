import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRemove } from './confirm.js';

// The same tool on the hosted server, built apart.
export function build(): McpServer {
  const httpServer = new McpServer({ name: 'files-hosted', version: '1.0.0' });

  httpServer.registerTool('remove', { inputSchema: z.object({ path: z.string() }) }, async ({ path }, ctx) => {
    const ok = await confirmRemove(ctx, path);
    return { content: [{ type: 'text', text: ok ? `Removed ${path} (hosted).` : `Kept ${path}.` }] };
  });
  return httpServer;
}
