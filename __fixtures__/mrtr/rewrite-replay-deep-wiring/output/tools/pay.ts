import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmSpend } from '../confirm.js';
import { sharedRequestStateCodec, withAsks } from '../mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

export function registerPay(server: McpServer): void {
  server.registerTool('pay', { description: 'Pay an amount', inputSchema: z.object({ amount: z.number() }) }, withAsks(server.server, requestStateCodec, async ({ amount }) => {
    if (!(await confirmSpend(server, amount))) return { content: [{ type: 'text', text: 'Not paid.' }] };
    return { content: [{ type: 'text', text: `Paid ${amount}.` }] };
  }, { name: 'pay' }));
}
