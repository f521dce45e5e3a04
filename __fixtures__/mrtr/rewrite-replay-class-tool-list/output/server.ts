import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { DeleteThingTool, ListThingsTool, type Tool } from './tools.js';
import { withAsks } from './mcp-mrtr-runtime.js';

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
  const server = new McpServer({ name: 'things', version: '1.1.0' }, { requestState: { verify: requestStateCodec.verify } });
  const tools: Tool[] = [new DeleteThingTool(), new ListThingsTool()];
  for (const tool of tools) {
    server.registerTool(tool.name, tool.config, withAsks(server.server, requestStateCodec, (args, ctx) => tool.execute(args, ctx)));
  }
  return server;
}
