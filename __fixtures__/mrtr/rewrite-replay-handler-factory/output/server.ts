import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

type TicketParams = { ticketId: string; note?: string };

const closed: string[] = [];

async function closeTicket(ctx: ServerContext, params: TicketParams): Promise<CallToolResult> {
  const confirmation = z.object({ ok: z.boolean() });
  const answer = await ask.elicitInput({
    message: `Close ticket ${params.ticketId}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'Close' } }, required: ['ok'] },
  });
  const confirmed = answer.action === 'accept' && confirmation.safeParse(answer.content).data?.ok === true;
  if (!confirmed) return { content: [{ type: 'text', text: 'Left open.' }] };
  closed.push(params.ticketId);
  return { content: [{ type: 'text', text: `Closed ${params.ticketId}${params.note ? ` (${params.note})` : ''}.` }] };
}

async function listClosed(): Promise<CallToolResult> {
  return { content: [{ type: 'text', text: closed.join(', ') || '(none)' }] };
}

/** Turns the tool's snake_case arguments into the handler's parameters. */
function ticketHandler(handler: (ctx: ServerContext, params: TicketParams) => Promise<CallToolResult>) {
  return async (args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult> => {
    const params: TicketParams = { ticketId: String(args.ticket_id) };
    if (args.note !== undefined) params.note = String(args.note);
    return handler(ctx, params);
  };
}

export const closeTicketHandler = ticketHandler(closeTicket);

export function build() {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket', inputSchema: z.object({ ticket_id: z.string(), note: z.string().optional() }) },
    withAsks(server.server, requestStateCodec, (args, ctx) => closeTicketHandler(args, ctx), { name: 'close_ticket' }),
  );
  server.registerTool('closed_tickets', { description: 'Tickets closed so far' }, () => listClosed());
  return server;
}
