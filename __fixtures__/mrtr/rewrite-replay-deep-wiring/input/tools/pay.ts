import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmSpend } from '../confirm.js';

export function registerPay(server: McpServer): void {
  server.registerTool('pay', { description: 'Pay an amount', inputSchema: z.object({ amount: z.number() }) }, async ({ amount }) => {
    if (!(await confirmSpend(server, amount))) return { content: [{ type: 'text', text: 'Not paid.' }] };
    return { content: [{ type: 'text', text: `Paid ${amount}.` }] };
  });
}
