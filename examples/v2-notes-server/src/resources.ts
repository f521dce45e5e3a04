import type { McpServer, Root } from '@modelcontextprotocol/server';
import type { NoteStore } from './store.js';

export function registerNoteResources(server: McpServer, store: NoteStore, workspaceRoots: () => Root[]): void {
  server.registerResource(
    'notes-index',
    'notes://index',
    { description: 'The notes and the workspace roots known at startup', mimeType: 'application/json' },
    async (uri) => ({
      contents: [{ uri: uri.href, text: JSON.stringify({ notes: store.active, roots: workspaceRoots() }, null, 2) }],
    }),
  );

  server.registerResource(
    'notes-archive',
    'notes://archive',
    { description: "The archived notes with a digest written by the client's model", mimeType: 'application/json' },
    async (uri, ctx) => {
      const digest = await ctx.mcpReq.requestSampling({
        messages: [
          {
            role: 'user',
            content: { type: 'text', text: `Write a one-paragraph digest of these archived notes:\n\n${JSON.stringify(store.archive)}` },
          },
        ],
        systemPrompt: 'You write short, factual digests.',
        maxTokens: 300,
      });
      const summary = !Array.isArray(digest.content) && digest.content.type === 'text' ? digest.content.text.trim() : '(no digest)';
      const notes = store.archive.map((n) => ({ id: n.id, title: n.title }));
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ digest: summary, notes }, null, 2) }] };
    },
  );
}
