import { McpServer, type CallToolResult, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

type TicketParams = { ticketId: string; note?: string };

const closed: string[] = [];

async function closeTicket(ctx: ServerContext, params: TicketParams): Promise<CallToolResult> {
  const confirmation = z.object({ ok: z.boolean() });
  const answer = await ctx.mcpReq.elicitInput({
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
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket', inputSchema: z.object({ ticket_id: z.string(), note: z.string().optional() }) },
    (args, ctx) => closeTicketHandler(args, ctx),
  );
  server.registerTool('closed_tickets', { description: 'Tickets closed so far' }, () => listClosed());
  return server;
}
