import { randomUUID } from 'node:crypto';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

interface Hold {
  room: string;
  at: number;
}

/** Room holds by reservation id: a hold placed twice blocks the room twice. */
class Holds {
  private readonly byId = new Map<string, Hold>();
  placed = 0;
  released = 0;

  place(id: string, room: string, at: number): void {
    this.placed++;
    this.byId.set(id, { room, at });
  }

  release(id: string): void {
    this.released++;
    this.byId.delete(id);
  }

  find(id: string): Hold | undefined {
    return this.byId.get(id);
  }
}

const holds = new Holds();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { placed: holds.placed, released: holds.released };
}

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'rooms', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('reserve', { inputSchema: z.object({ room: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ room }, ctx) => {
    const reservation = await step('randomUUID', () => randomUUID());
    const requestedAt = await step('Date.now', () => Date.now());
    await step('holds.place', () => holds.place(reservation, room, requestedAt));
    if (!(await confirm(ctx, `Reserve ${room}?`))) {
      holds.release(reservation);
      return { content: [{ type: 'text', text: `Released ${room}.` }] };
    }
    const hold = holds.find(reservation);
    const matches = hold !== undefined && hold.at === requestedAt && reservation.length === 36;
    const breakfast = await confirm(ctx, `Breakfast with the ${room} reservation?`);
    return {
      content: [{ type: 'text', text: `Reserved ${room}: ${matches ? 'the hold matches its id and time' : 'no hold for this id'}${breakfast ? ', with breakfast' : ''}.` }],
    };
  }, { name: 'reserve' }));

  return server;
}
