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
    const answer = await server.server.elicitInput({ message: `Print on ${session.printer}?`, requestedSchema: CONFIRM });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'not printed' }] };
    return { content: [{ type: 'text', text: await session.print(text) }] };
  });

  return server;
}
