import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'notes', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ id }, ctx) => {
      if (!(await confirm(ctx, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
      return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
    }, { name: 'delete_note' }),
  );

  return server;
}
