import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CART: Array<{ item: string; quantity: number }> = [];
const PRICES: Record<string, number> = { milk: 2, eggs: 4 };
let checkouts = 0;
let lookups = 0;

/** The store's price list, asked once per call (an effect: counted). */
async function priceOf(item: string): Promise<number> {
  lookups++;
  return PRICES[item] ?? 1;
}

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { checkouts, lookups, lines: CART.length };
}

async function confirmCheckout(ctx: ServerContext, count: number, total: number): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Add ${count} item(s) to your cart for ${total}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

export function build() {
  const server = new McpServer({ name: 'cart', version: '1.0.0' });

  // An MCP Apps tool: the extension registers it on the server, with its view.
  registerAppTool(
    server,
    'add_to_cart',
    {
      description: 'Add items to the cart',
      inputSchema: z.object({ item: z.string(), quantity: z.number() }),
      _meta: { ui: { resourceUri: 'ui://cart/view.html' } },
    },
    async ({ item, quantity }, ctx) => {
      const price = await priceOf(item);
      if (!(await confirmCheckout(ctx, quantity, price * quantity))) return { content: [{ type: 'text', text: 'Nothing added.' }] };
      CART.push({ item, quantity });
      checkouts++;
      return { content: [{ type: 'text', text: `${quantity} ${item} added (${CART.length} line(s)).` }] };
    },
  );

  return server;
}
