import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

interface Quote {
  id: string;
  item: string;
  total: number;
}

/** Quotes are numbered in the order they are opened: opening one twice skips a number and leaves a stale quote. */
class QuoteBook {
  private next = 1;
  opened = 0;
  closed = 0;

  async open(item: string, quantity: number): Promise<Quote> {
    this.opened++;
    return { id: `Q-${this.next++}`, item, total: quantity * 12 };
  }

  close(id: string): void {
    this.closed++;
    console.log(`quote ${id} closed`);
  }
}

const quotes = new QuoteBook();
/** Orders taken: the server's own counter. */
let orders = 0;

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { opened: quotes.opened, closed: quotes.closed, orders };
}

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'shop', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('order', { inputSchema: z.object({ item: z.string(), quantity: z.number() }) }, withAsks(server.server, requestStateCodec, async ({ item, quantity }, ctx) => {
    const quote = await step('quotes.open', () => quotes.open(item, quantity));
    if (!(await confirm(ctx, `Order ${quantity} ${item} for ${quote.total} (quote ${quote.id})?`))) {
      quotes.close(quote.id);
      return { content: [{ type: 'text', text: `Quote ${quote.id} closed.` }] };
    }
    await step('orders++', () => orders++);
    const express = await confirm(ctx, `Ship order ${orders} by express?`);
    return { content: [{ type: 'text', text: `Order ${orders} on quote ${quote.id}${express ? ', express' : ''}.` }] };
  }, { name: 'order' }));

  return server;
}
