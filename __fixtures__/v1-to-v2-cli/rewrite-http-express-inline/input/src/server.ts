import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.' };

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

// The note tools, registered on each session's server.
export function registerNoteTools(server: McpServer): void {
  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: { id: z.string() } },
    async ({ id }) => {
      if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
      const answer = await server.server.elicitInput({
        message: `Delete note ${id}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
      delete notes[id];
      return text(`Deleted note ${id}.`);
    },
  );

  server.registerTool(
    'summarize_note',
    { description: "Summarize a note with the client's model", inputSchema: { id: z.string() } },
    async ({ id }) => {
      const result = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${notes[id] ?? ''}` } }],
        maxTokens: 200,
      });
      // v2 types a sampling result's content as one block or a list (sampling with tools); v1 as one block.
      const reply = result.content;
      return text(!Array.isArray(reply) && reply.type === 'text' ? reply.text : '(no text)');
    },
  );
}
