// A deliberately WRONG migration of original.ts, used to prove the equivalence checks can fail:
// - delete_note ignores the decline/cancel branches: acceptedContent() is undefined for them, so it asks again
//   (forever: the 2026 client gives up after its round cap, the 2025 shim after its re-entry cap);
// - summarize_note asks the client LLM a different question but returns the same shape of result;
// - rename_note carries the new name in an unsigned requestState and trusts whatever comes back.
import { McpServer, acceptedContent, inputRequired, inputResponse } from '@modelcontextprotocol/server';
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

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: z.object({ name: z.string() }) },
    async ({ name }, ctx) => {
      const answer = acceptedContent<{ confirm?: boolean }>(ctx.mcpReq.inputResponses, 'confirm_delete');
      if (!answer) {
        return inputRequired({
          inputRequests: { confirm_delete: inputRequired.elicit({ message: `Delete note ${name}?`, requestedSchema: CONFIRM }) },
        });
      }
      if (answer.confirm === true) return { content: [{ type: 'text', text: `Deleted ${name}` }] };
      return { content: [{ type: 'text', text: `Kept ${name}` }] };
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
              messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${name}` } }],
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
      const raw = ctx.mcpReq.requestState<string>();
      const state = raw ? (JSON.parse(raw) as { newName: string }) : undefined;
      if (!state) {
        const a = inputResponse(ctx.mcpReq.inputResponses, 'new_name');
        if (a.kind === 'missing') {
          return inputRequired({ inputRequests: { new_name: inputRequired.elicit({ message: `New name for ${name}?`, requestedSchema: NEW_NAME }) } });
        }
        if (a.kind !== 'elicit' || a.action !== 'accept' || typeof a.content?.newName !== 'string') {
          return { content: [{ type: 'text', text: 'Rename cancelled' }] };
        }
        const newName = a.content.newName;
        return inputRequired({
          inputRequests: { confirm_rename: inputRequired.elicit({ message: `Rename ${name} to ${newName}?`, requestedSchema: CONFIRM }) },
          requestState: JSON.stringify({ newName }),
        });
      }
      const b = inputResponse(ctx.mcpReq.inputResponses, 'confirm_rename');
      if (b.kind === 'missing') {
        return inputRequired({
          inputRequests: { confirm_rename: inputRequired.elicit({ message: `Rename ${name} to ${state.newName}?`, requestedSchema: CONFIRM }) },
          requestState: JSON.stringify(state),
        });
      }
      if (b.kind === 'elicit' && b.action === 'accept' && b.content?.confirm === true) {
        return { content: [{ type: 'text', text: `Renamed ${name} to ${state.newName}` }] };
      }
      return { content: [{ type: 'text', text: `Kept ${name}` }] };
    },
  );

  return server;
}
