import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function registerTools(server: McpServer): void {
  server.registerTool('read_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => ({
    content: [{ type: 'text', text: `Note ${id}.` }],
  }));
}
