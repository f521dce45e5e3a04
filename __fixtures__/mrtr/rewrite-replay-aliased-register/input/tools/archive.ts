import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmAction } from '../confirm.js';

export function registerTools(server: McpServer): void {
  server.registerTool('archive_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
    if (!(await confirmAction(server, `Archive note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Archived ${id}.` }] };
  });
}
