import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, withAsks } from './mcp-mrtr-runtime.js';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

const server = new McpServer({ name: 'notes', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

async function confirm(message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

server.registerTool(
  'delete_note',
  { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
  withAsks(server.server, requestStateCodec, async ({ id }) => {
    if (!(await confirm(`Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  }),
);

// The harness (and a serving factory) gets the one module-level server.
export function build() {
  return server;
}
