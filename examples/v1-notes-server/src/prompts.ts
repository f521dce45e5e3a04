import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { summarize } from './helpers/summarize.js';
import type { NoteStore } from './store.js';

export function registerNotePrompts(server: McpServer, store: NoteStore): void {
  server.registerPrompt(
    'review_note',
    { description: 'Review a note, with a short summary as context', argsSchema: { id: z.string() } },
    async ({ id }) => {
      const note = store.get(id);
      if (!note) throw new Error(`No note with id ${id}`);
      const summary = await summarize(server, note.body);
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Review the note "${note.title}" (summary: ${summary}).\n\n${note.body}`,
            },
          },
        ],
      };
    },
  );
}
