import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createServer() {
  const server = new McpServer({ name: 'v2-notes', version: '1.0.0' });
  const notes: string[] = [];
  server.registerTool('note', { description: 'Keep a note', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
    notes.push(text);
    return { content: [{ type: 'text' as const, text: `${notes.length} notes` }] };
  });
  return server;
}
