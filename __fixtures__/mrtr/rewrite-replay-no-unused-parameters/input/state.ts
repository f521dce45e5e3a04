import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

// Wired by hand when the first multi-round tool was written: the migration reuses it for every handler.
const secret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(secret).length < 32) throw new Error('MCP_REQUEST_STATE_SECRET must hold at least 32 bytes');

export const requestStateCodec = createRequestStateCodec({
  key: secret,
  ttlSeconds: 300,
  bind: (ctx: ServerContext) => ctx.mcpReq.method,
});
