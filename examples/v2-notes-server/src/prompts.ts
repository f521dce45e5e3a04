import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { NoteStore } from './store.js';

export function registerNotePrompts(server: McpServer, store: NoteStore): void {
  server.registerPrompt(
    'review_note',
    { description: 'Review a note against the client workspace', argsSchema: z.object({ id: z.string() }) },
    async ({ id }) => {
      const note = store.byId[id];
      if (!note) throw new Error(`No note with id ${id}`);
      const { roots } = await server.server.listRoots();
      const workspace = roots.length > 0 ? roots.map((r) => r.name ?? r.uri).join(', ') : 'no workspace roots';
      return {
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Review the note "${note.title}" for the workspace (${workspace}).\n\n${note.body}`,
            },
          },
        ],
      };
    },
  );
}
