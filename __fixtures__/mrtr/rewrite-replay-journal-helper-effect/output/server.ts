import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

interface Reservation {
  ref: string;
  left: number;
}

/** A spending budget: each reservation holds money until it is released. */
class Budget {
  private left = 100;
  private made = 0;
  reserved = 0;
  released = 0;

  async reserve(amount: number): Promise<Reservation> {
    this.reserved++;
    this.left -= amount;
    return { ref: `R-${++this.made}`, left: this.left };
  }

  async release(ref: string, amount: number): Promise<void> {
    this.released++;
    this.left += amount;
  }
}

const budget = new Budget();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { reserved: budget.reserved, released: budget.released };
}

/** Reserve the amount, then ask; a refusal releases it. */
async function approveSpend(ctx: ServerContext, what: string, amount: number): Promise<boolean> {
  const reservation = await step('budget.reserve', () => budget.reserve(amount));
  const answer = await ask.elicitInput({
    message: `Spend ${amount} on ${what} (${reservation.ref}, ${reservation.left} left after it)?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) {
    await step('budget.release', () => budget.release(reservation.ref, amount));
    return false;
  }
  return true;
}

export function build() {
  const server = new McpServer({ name: 'expenses', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('book_trip', { inputSchema: z.object({ city: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ city }, ctx) => {
    const train = await approveSpend(ctx, `a train to ${city}`, 30);
    const hotel = await approveSpend(ctx, `a hotel in ${city}`, 50);
    return { content: [{ type: 'text', text: `${city}: train ${train ? 'booked' : 'skipped'}, hotel ${hotel ? 'booked' : 'skipped'}.` }] };
  }, { name: 'book_trip' }));

  return server;
}
