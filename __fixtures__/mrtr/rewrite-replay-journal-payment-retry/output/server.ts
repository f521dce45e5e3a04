import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type PaymentStatus = 'pending' | 'paid';

/** The payment provider: a payment settles on its third status check (each check is a billed API call). */
class PaymentDesk {
  private readonly seen = new Map<string, number>();
  checks = 0;

  async check(orderId: string): Promise<PaymentStatus> {
    this.checks++;
    const count = (this.seen.get(orderId) ?? 0) + 1;
    this.seen.set(orderId, count);
    return count >= 3 ? 'paid' : 'pending';
  }
}

const payments = new PaymentDesk();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { checks: payments.checks };
}

export function build() {
  const server = new McpServer({ name: 'checkout', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('await_payment', { inputSchema: z.object({ orderId: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ orderId }, ctx) => {
    for (let attempt = 1; attempt <= 4; attempt++) {
      const status = await step('payments.check', () => payments.check(orderId));
      if (status === 'paid') return { content: [{ type: 'text', text: `Order ${orderId} paid (check ${attempt}).` }] };
      const retry = await ask.elicitInput({
        message: `Payment for ${orderId} is ${status} after check ${attempt}. Check again?`,
        requestedSchema: { type: 'object', properties: { again: { type: 'boolean' } }, required: ['again'] },
      });
      if (retry.action !== 'accept' || retry.content?.again !== true)
        return { content: [{ type: 'text', text: `Stopped waiting for ${orderId} after ${attempt} checks.` }] };
    }
    return { content: [{ type: 'text', text: `Order ${orderId} is still unpaid.` }] };
  }, { name: 'await_payment' }));

  return server;
}
