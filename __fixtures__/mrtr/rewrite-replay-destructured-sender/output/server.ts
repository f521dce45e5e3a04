import { ElicitResultSchema, ListRootsResultSchema } from '@modelcontextprotocol/core';
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const notes = new Map([
  ['n1', 'buy milk'],
  ['n2', 'call Ada'],
]);

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  // The context destructured in the signature: its request function, and a member that stays.
  server.registerTool(
    'delete_note',
    { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ id }, { mcpReq: { signal } }) => {
      const answer = await ask.request(
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
    }, { name: 'delete_note' }),
  );
  // Destructured in the body, with nothing else read from the context.
  server.registerTool('roots', { description: 'The client roots' }, withAsks(server.server, requestStateCodec, async (ctx) => {
    try {
      const { roots } = await ask.request({ method: 'roots/list', params: {} }, ListRootsResultSchema);
      return { content: [{ type: 'text', text: roots.map((r) => r.uri).join(', ') || '(none)' }] };
    } catch (error) {
      if (isInputRequiredSignal(error)) throw error;
      return { content: [{ type: 'text', text: `no roots: ${error instanceof Error ? error.message : String(error)}` }] };
    }
  }, { name: 'roots' }));
  return server;
}
