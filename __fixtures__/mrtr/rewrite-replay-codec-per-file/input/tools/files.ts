import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './confirm.js';

export function registerFileTools(server: McpServer): void {
  server.registerTool('remove_file', { inputSchema: z.object({ path: z.string() }) }, async ({ path }, ctx) => {
    const ok = await confirm(ctx, `Remove ${path}?`);
    return { content: [{ type: 'text', text: ok ? `Removed ${path}.` : `Kept ${path}.` }] };
  });
}
