// MIGRATED (MRTR, SDK v2 >= 2.4): each handler reads this round's answers and returns inputRequired(...) for
// what is still missing. rename_note asks twice: the first answer travels to the second round in a signed
// requestState (the client re-sends only the latest round's answers).
import { McpServer, createRequestStateCodec, inputRequired, inputResponse } from '@modelcontextprotocol/server';
import { z } from 'zod';

const CONFIRM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Really delete?' } },
  required: ['confirm'],
};

const NEW_NAME = {
  type: 'object' as const,
  properties: { newName: { type: 'string' as const, title: 'New name' } },
  required: ['newName'],
};

type RenameState = { step: 'confirm'; newName: string };

const codec = createRequestStateCodec<RenameState>({
  key: process.env.MCP_REQUEST_STATE_SECRET ?? 'equivalence-smoke-test-key-not-a-secret-0123456789',
  ttlSeconds: 300,
  bind: (ctx) => `${ctx.mcpReq.method}`,
});

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: codec.verify } });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const r = inputResponse(ctx.mcpReq.inputResponses, 'confirm_delete');
      if (r.kind === 'missing') {
        return inputRequired({
          inputRequests: { confirm_delete: inputRequired.elicit({ message: `Delete note ${name}?`, requestedSchema: CONFIRM }) },
        });
      }
      if (r.kind !== 'elicit') return { content: [{ type: 'text', text: 'Cancelled' }], isError: true };
      if (r.action === 'accept') {
        if (r.content?.confirm === true) return { content: [{ type: 'text', text: `Deleted ${name}` }] };
        return { content: [{ type: 'text', text: `Kept ${name}` }] };
      }
      if (r.action === 'decline') return { content: [{ type: 'text', text: `Declined: ${name} was not deleted` }] };
      return { content: [{ type: 'text', text: 'Cancelled' }], isError: true };
    },
  );

  server.registerTool(
    'summarize_note',
    { description: 'Summarize a note with the client LLM', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const r = inputResponse(ctx.mcpReq.inputResponses, 'summary');
      if (r.kind !== 'sampling') {
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: `Summarize the note ${name}` } }],
              maxTokens: 100,
            }),
          },
        });
      }
      const text = !Array.isArray(r.result.content) && r.result.content.type === 'text' ? r.result.content.text : '(no text)';
      return { content: [{ type: 'text', text: `Summary of ${name}: ${text}` }] };
    },
  );

  server.registerTool(
    'rename_note',
    { description: 'Rename a note: ask for the new name, then confirm', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const state = ctx.mcpReq.requestState<RenameState>();
      if (!state) {
        const a = inputResponse(ctx.mcpReq.inputResponses, 'new_name');
        if (a.kind === 'missing') {
          return inputRequired({ inputRequests: { new_name: inputRequired.elicit({ message: `New name for ${name}?`, requestedSchema: NEW_NAME }) } });
        }
        if (a.kind !== 'elicit' || a.action !== 'accept' || typeof a.content?.newName !== 'string') {
          return { content: [{ type: 'text', text: 'Rename cancelled' }] };
        }
        const next: RenameState = { step: 'confirm', newName: a.content.newName };
        return inputRequired({
          inputRequests: { confirm_rename: inputRequired.elicit({ message: `Rename ${name} to ${next.newName}?`, requestedSchema: CONFIRM }) },
          requestState: await codec.mint(next, ctx),
        });
      }
      const b = inputResponse(ctx.mcpReq.inputResponses, 'confirm_rename');
      if (b.kind === 'missing') {
        return inputRequired({
          inputRequests: { confirm_rename: inputRequired.elicit({ message: `Rename ${name} to ${state.newName}?`, requestedSchema: CONFIRM }) },
          requestState: await codec.mint(state, ctx),
        });
      }
      if (b.kind === 'elicit' && b.action === 'accept' && b.content?.confirm === true) {
        return { content: [{ type: 'text', text: `Renamed ${name} to ${state.newName}` }] };
      }
      return { content: [{ type: 'text', text: `Kept ${name}` }] };
    },
  );

  server.registerPrompt(
    'review_note',
    { description: 'Review a note against the client roots', argsSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const r = inputResponse(ctx.mcpReq.inputResponses, 'roots');
      if (r.kind !== 'roots') return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } });
      const where = r.roots.map((root) => root.name ?? root.uri).join(', ');
      return { messages: [{ role: 'user', content: { type: 'text', text: `Review ${name} (roots: ${where})` } }] };
    },
  );

  server.registerResource('index', 'notes://index', { mimeType: 'text/plain' }, async (uri, ctx) => {
    const r = inputResponse(ctx.mcpReq.inputResponses, 'archived');
    if (r.kind === 'missing') {
      return inputRequired({ inputRequests: { archived: inputRequired.elicit({ message: 'Include archived notes?', requestedSchema: CONFIRM }) } });
    }
    const archived = r.kind === 'elicit' && r.action === 'accept' && r.content?.confirm === true;
    return { contents: [{ uri: uri.href, text: archived ? 'groceries, archive/2019' : 'groceries' }] };
  });

  return server;
}
