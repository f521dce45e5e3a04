import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { summarize } from './summarize.js';

export function registerTools(server: McpServer): void {
  server.registerTool(
    'summarize_text',
    { description: 'Summarize a text', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text: await summarize(server, text) }] }),
  );
}
