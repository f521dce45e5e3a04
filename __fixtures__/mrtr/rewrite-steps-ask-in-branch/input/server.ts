import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const APPROVE = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Approve this transfer' } },
  required: ['approve'],
};

let references = 0;
// Each reference is handed out once: an effect that must run once per call, not once per round.
function nextReference(): string {
  references += 1;
  return `T${references}`;
}

// Transfers made today, across calls: the handler's effect, which must happen exactly once per approved call.
const transfers: Array<{ amount: number; to: string }> = [];

export function build() {
  const server = new McpServer({ name: 'payments', version: '2.0.0' });

  server.registerTool(
    'send_money',
    { description: 'Send money; large transfers need the user to approve', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      const reference = nextReference();
      const fee = amount > 1000 ? 5 : 0;
      if (amount > 1000) {
        const approval = await ctx.mcpReq.elicitInput({
          message: `Send ${amount} to ${to} (reference ${reference}, fee ${fee})?`,
          requestedSchema: APPROVE,
        });
        if (approval.action !== 'accept' || !approval.content?.approve) {
          return { content: [{ type: 'text', text: `Transfer ${reference} to ${to} cancelled.` }] };
        }
      } else {
        console.error(`small transfer ${reference}`);
      }
      transfers.push({ amount, to });
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to} as ${reference} (fee ${fee}); ${transfers.length} transfer(s) today.` }] };
    },
  );

  return server;
}
