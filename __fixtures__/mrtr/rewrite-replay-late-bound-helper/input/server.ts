import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { Confirmations } from './confirmations.js';
import { deleteTicket, deletedTickets, useConfirmations } from './tickets.js';

const confirmations = new Confirmations();
useConfirmations(confirmations);

export function build() {
  const server = new McpServer({ name: 'helpdesk', version: '1.0.0' });
  confirmations.attach(server.server);
  server.registerTool('delete_ticket', { description: 'Delete a ticket', inputSchema: z.object({ id: z.string() }) }, async ({ id }) => ({
    content: [{ type: 'text', text: await deleteTicket(id) }],
  }));
  server.registerTool('deleted_tickets', { description: 'Tickets deleted so far' }, async () => ({
    content: [{ type: 'text', text: deletedTickets() }],
  }));
  return server;
}
