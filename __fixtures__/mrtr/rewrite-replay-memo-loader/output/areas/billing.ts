import type { ServerContext } from '@modelcontextprotocol/server';
import type { Area } from '../types.js';
import { ask } from '../mcp-mrtr-runtime.js';

let refunds = 0;

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Go ahead' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export const billing: Area = {
  tools: () => [
    { name: 'billing_refund', description: 'Refund an order', inputSchema: { type: 'object', properties: { order: { type: 'string' } } } },
  ],
  async handleCall(toolName, args, ctx) {
    switch (toolName) {
      case 'billing_refund': {
        const order = String(args.order ?? '');
        if (!(await confirm(ctx, `Refund order ${order}?`))) return { content: [{ type: 'text', text: `Order ${order} not refunded.` }] };
        // The refund itself runs once, after the last answer.
        refunds++;
        return { content: [{ type: 'text', text: `Refunded order ${order} (${refunds} so far).` }] };
      }
      default:
        throw new Error(`Unknown billing tool: ${toolName}`);
    }
  },
};
