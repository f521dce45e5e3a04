import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { Confirmations } from './confirmations.js';
import { deleteTicket, deletedTickets, useConfirmations } from './tickets.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const confirmations = new Confirmations();
useConfirmations(confirmations);

export function build() {
  const server = new McpServer({ name: 'helpdesk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  confirmations.attach(server.server);
  server.registerTool('delete_ticket', { description: 'Delete a ticket', inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => ({
    content: [{ type: 'text', text: await deleteTicket(id) }],
  }), { name: 'delete_ticket' }));
  server.registerTool('deleted_tickets', { description: 'Tickets deleted so far' }, async () => ({
    content: [{ type: 'text', text: deletedTickets() }],
  }));
  return server;
}
