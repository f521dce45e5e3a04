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

export function build() {
  const server = new McpServer({ name: 'storage', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // A shared confirmation helper that reaches the client through the server, not the handler context.
  async function confirm(message: string): Promise<boolean> {
    const answer = await ask.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }

  server.registerTool(
    'purge_bucket',
    { description: 'Delete every object in a bucket', inputSchema: z.object({ bucket: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ bucket }) => {
      if (!(await confirm(`Purge every object in ${bucket}?`))) {
        return { content: [{ type: 'text', text: 'Nothing purged.' }] };
      }
      return { content: [{ type: 'text', text: `Purged ${bucket}.` }] };
    }),
  );

  return server;
}
