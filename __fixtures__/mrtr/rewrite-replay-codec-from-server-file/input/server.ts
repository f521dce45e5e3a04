import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';

// Wired on an earlier migration (the server's file declares the codec; tool files import the server).
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes');
}
export const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => ctx.mcpReq.method,
});

export const server = new McpServer({ name: 'inventory', version: '1.3.0' }, { requestState: { verify: requestStateCodec.verify } });
