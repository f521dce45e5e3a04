import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const APPROVE = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const } },
  required: ['approve'],
};

// Money sent, across calls: the effect a confirmed call makes exactly once.
const transfers: Array<{ amount: number; to: string }> = [];

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { transfers: transfers.length };
}

export function build() {
  const server = new McpServer({ name: 'payments', version: '2.0.0' });

  server.registerTool(
    'send_money',
    { description: 'Send money after two approvals', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      const approval = await ctx.mcpReq.elicitInput({ message: `Send ${amount} to ${to}?`, requestedSchema: APPROVE });
      if (approval.action !== 'accept' || !approval.content?.approve) return { content: [{ type: 'text', text: 'Cancelled.' }] };
      const second = await ctx.mcpReq.elicitInput({ message: `Really send ${amount} to ${to}?`, requestedSchema: APPROVE });
      if (second.action !== 'accept' || !second.content?.approve) return { content: [{ type: 'text', text: 'Cancelled.' }] };
      transfers.push({ amount, to });
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to}; ${transfers.length} transfer(s) so far.` }] };
    },
  );

  return server;
}
