import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmSpend } from '../confirm.js';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { withAsks } from '../mcp-mrtr-runtime.js';

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

export function registerPay(server: McpServer): void {
  server.registerTool('pay', { description: 'Pay an amount', inputSchema: z.object({ amount: z.number() }) }, withAsks(server.server, requestStateCodec, async ({ amount }) => {
    if (!(await confirmSpend(server, amount))) return { content: [{ type: 'text', text: 'Not paid.' }] };
    return { content: [{ type: 'text', text: `Paid ${amount}.` }] };
  }));
}
