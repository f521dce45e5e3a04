import type { CallToolResult, ElicitRequestFormParams, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { summarize } from './helpers/summarize.js';
import type { NoteStore } from './store.js';

const CONFIRM: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Confirm', description: 'Check to proceed' },
  },
  required: ['confirm'],
};

const NEW_TITLE: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { title: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['title'],
};

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const notFound = (id: string): CallToolResult => ({ ...text(`No note with id ${id}.`), isError: true });

export function registerNoteTools(server: McpServer, store: NoteStore): void {
  server.registerTool(
    'add_note',
    { description: 'Create a note', inputSchema: z.object({ title: z.string(), body: z.string() }) },
    async ({ title, body }) => text(`Created note ${store.add(title, body).id}.`),
  );

  server.registerTool('list_notes', { description: 'List the notes that are not archived' }, async () => {
    const notes = store.active;
    if (notes.length === 0) return text('No notes yet.');
    return text(notes.map((n) => `- ${n.id}: ${n.title}`).join('\n'));
  });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after the user confirms', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const note = store.byId[id];
      if (!note) return { content: [{ type: 'text', text: `No note with id ${id}.` }], isError: true };
      const confirmation = await ctx.mcpReq.elicitInput({ message: `Delete "${note.title}"?`, requestedSchema: CONFIRM });
      if (confirmation.action === 'decline') {
        return text(`Kept "${note.title}": you declined the deletion.`);
      }
      if (confirmation.action === 'cancel') {
        return text('Deletion cancelled.');
      }
      if (confirmation.content?.confirm !== true) {
        return text(`Kept "${note.title}": the box was not checked.`);
      }
      store.delete(id);
      return text(`Deleted "${note.title}".`);
    },
  );

  server.registerTool(
    'rename_note',
    { description: 'Rename a note; asks for the new title, then for confirmation', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const note = store.byId[id];
      if (!note) return notFound(id);
      const answer = await ctx.mcpReq.elicitInput({ message: `New title for "${note.title}"?`, requestedSchema: NEW_TITLE });
      if (answer.action !== 'accept' || typeof answer.content?.title !== 'string') {
        return text('Rename cancelled.');
      }
      const title = answer.content.title;
      const confirmation = await ctx.mcpReq.elicitInput({ message: `Rename "${note.title}" to "${title}"?`, requestedSchema: CONFIRM });
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return text(`Kept the title "${note.title}".`);
      }
      store.rename(id, title);
      return text(`Renamed to "${title}".`);
    },
  );

  server.registerTool(
    'summarize_note',
    { description: "Summarize a note with the client's model", inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const note = store.byId[id];
      if (!note) return notFound(id);
      return text(await summarize(ctx, note.body));
    },
  );
}
