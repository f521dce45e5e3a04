import { ElicitResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/core';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const notes = new Map([
  ['n1', 'buy milk'],
  ['n2', 'call Ada'],
]);

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  // The context destructured in the signature: its request function, and a member that stays.
  server.registerTool(
    'delete_note',
    { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, { mcpReq: { send, signal } }) => {
      const answer = await send(
        {
          method: 'elicitation/create',
          params: { message: `Delete ${id}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } },
        },
        ElicitResultSchema,
      );
      if (signal.aborted || answer.action !== 'accept' || answer.content?.confirm !== true)
        return { content: [{ type: 'text', text: `kept ${id}` }] };
      notes.delete(id);
      return { content: [{ type: 'text', text: `deleted ${id}` }] };
    },
  );
  // Destructured in the body, with nothing else read from the context.
  server.registerTool('roots', { description: 'The client roots' }, async (ctx) => {
    const {
      mcpReq: { send: sendRequest },
    } = ctx;
    try {
      const { roots } = await sendRequest({ method: 'roots/list', params: {} }, ListRootsResultSchema);
      return { content: [{ type: 'text', text: roots.map((r) => r.uri).join(', ') || '(none)' }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `no roots: ${error instanceof Error ? error.message : String(error)}` }] };
    }
  });
  return server;
}
