import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** Tools over a ticket tracker; every write asks the user first. */
class TicketTools {
  private readonly tickets = new Map<string, string>([['T-1', 'open']]);

  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'close_ticket',
      { description: 'Close a ticket', inputSchema: z.object({ id: z.string() }) },
      withAsks(this.server.server, requestStateCodec, async ({ id }) => this.close(id), { name: 'close_ticket' }),
    );
    this.server.registerTool(
      'reopen_ticket',
      { description: 'Reopen a ticket with a reason', inputSchema: z.object({ id: z.string() }) },
      withAsks(this.server.server, requestStateCodec, async ({ id }) => this.reopen(id), { name: 'reopen_ticket' }),
    );
  }

  private async close(id: string) {
    if (!(await this.confirm(`Close ${id}?`))) return { content: [{ type: 'text' as const, text: `${id} left open.` }] };
    this.tickets.set(id, 'closed');
    return { content: [{ type: 'text' as const, text: `${id} closed.` }] };
  }

  private async reopen(id: string) {
    const answer = await ask.elicitInput({
      message: `Why reopen ${id}?`,
      requestedSchema: { type: 'object', properties: { reason: { type: 'string', minLength: 3 } }, required: ['reason'] },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text' as const, text: `${id} unchanged.` }] };
    this.tickets.set(id, `open: ${String(answer.content?.reason)}`);
    return { content: [{ type: 'text' as const, text: `${id} reopened (${String(answer.content?.reason)}).` }] };
  }

  private async confirm(message: string): Promise<boolean> {
    const answer = await ask.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return answer.action === 'accept' && answer.content?.confirm === true;
  }
}

export function build() {
  const server = new McpServer({ name: 'tickets', version: '3.1.0' }, { requestState: { verify: requestStateCodec.verify } });
  new TicketTools(server).register();
  return server;
}
