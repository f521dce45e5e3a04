import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
export const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** The one server of this process; tool modules import it. */
export const server = new McpServer({ name: 'crm', version: '4.0.0' }, { requestState: { verify: requestStateCodec.verify } });
