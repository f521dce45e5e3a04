import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './confirm.js';

export function registerNoteTools(server: McpServer): void {
  server.registerTool('delete_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    const ok = await confirm(ctx, `Delete note ${id}?`);
    return { content: [{ type: 'text', text: ok ? `Deleted ${id}.` : `Kept ${id}.` }] };
  });
}
