import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

/** Every session opened, for the admin page. */
const sessions: PrinterSession[] = [];

/** A session with the printer: opening one registers it (an effect a second round would repeat). */
class PrinterSession {
  readonly id: number;
  constructor(readonly printer: string) {
    sessions.push(this);
    this.id = sessions.length;
  }
  async print(text: string): Promise<string> {
    return `${this.printer}#${this.id}: ${text}`;
  }
}

export function build() {
  const server = new McpServer({ name: 'printers', version: '1.0.0' });

  server.registerTool('print', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
    const session = new PrinterSession('lobby');
    /* @mcp-mrtr-review replay-effect-not-journalable: an effect runs before an ask on a replayed path, and its result cannot be journaled (a class instance with behaviour, a stream, a function, a handle, a promise awaited later, or in a function that is not async): replayed, it would run again on every round: `new PrinterSession('lobby')` at server.ts:25 gives a `new PrinterSession` (an object with behaviour) */
    const answer = await server.server.elicitInput({ message: `Print on ${session.printer}?`, requestedSchema: CONFIRM });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'not printed' }] };
    return { content: [{ type: 'text', text: await session.print(text) }] };
  });

  return server;
}
