import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { confirmAction } from './helpers/confirm.js';
import { summarize } from './helpers/summarize.js';
import { ChatClient, WorkspaceFolders } from './lookalike.js';
import type { NoteStore } from './store.js';

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });
const notFound = (id: string): CallToolResult => ({ ...text(`No note with id ${id}`), isError: true });

export function registerNoteTools(server: McpServer, store: NoteStore): void {
  const chat = new ChatClient(process.env.CHAT_API_URL ?? 'http://localhost:8080');
  const folders = new WorkspaceFolders(process.env.NOTES_DIR ?? process.cwd());

  server.registerTool(
    'add_note',
    { description: 'Create a note', inputSchema: { title: z.string(), body: z.string() } },
    async ({ title, body }) => text(`Created note ${store.add(title, body).id}`),
  );

  server.registerTool('list_notes', { description: 'List all notes, newest first' }, async () => {
    const notes = store.list();
    if (notes.length === 0) return text('No notes yet.');
    return text(notes.map((n) => `- ${n.id}: ${n.title}`).join('\n'));
  });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: { id: z.string() } },
    async ({ id }) => {
      const note = store.get(id);
      if (!note) return notFound(id);
      if (!(await confirmAction(server, `Delete "${note.title}"?`))) return text('Deletion cancelled.');
      store.delete(id);
      return text(`Deleted "${note.title}".`);
    },
  );

  server.registerTool('clear_notes', { description: 'Delete every note after confirmation' }, async () => {
    const count = store.list().length;
    const confirmed = await confirmAction(server, `Delete all ${count} notes? This cannot be undone.`);
    if (!confirmed) return text('Nothing deleted.');
    return text(`Deleted ${store.clear()} notes.`);
  });

  server.registerTool(
    'summarize_note',
    { description: "Summarize a note with the client's model", inputSchema: { id: z.string() } },
    async ({ id }) => {
      const note = store.get(id);
      if (!note) return notFound(id);
      return text(await summarize(server, note.body));
    },
  );

  server.registerTool(
    'rename_note',
    { description: 'Rename a note; asks the user for the new title', inputSchema: { id: z.string() } },
    async ({ id }, extra) => {
      const note = store.get(id);
      if (!note) return notFound(id);
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: `New title for "${note.title}"?`,
            requestedSchema: {
              type: 'object',
              properties: { title: { type: 'string', minLength: 1, maxLength: 120 } },
              required: ['title'],
            },
          },
        },
        ElicitResultSchema,
      );
      if (answer.action !== 'accept' || typeof answer.content?.title !== 'string') {
        return text('Rename cancelled.');
      }
      store.rename(id, answer.content.title);
      return text(`Renamed to "${answer.content.title}".`);
    },
  );

  server.registerTool(
    'suggest_title',
    { description: 'Suggest a title using the configured chat API', inputSchema: { id: z.string() } },
    async ({ id }) => {
      const note = store.get(id);
      if (!note) return notFound(id);
      const dirs = await folders.listRoots();
      const title = await chat.createMessage([{ role: 'user', content: `Suggest a short title:\n${note.body}` }]);
      const usage = await chat.request<{ remaining: number }>('/v1/usage', {});
      return text(`${title.trim()} (${dirs.length} folders, ${usage.remaining} requests left)`);
    },
  );
}
