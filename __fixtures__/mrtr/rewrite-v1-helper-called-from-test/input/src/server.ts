import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { confirmClose } from './confirm.js';

export function build() {
  const server = new McpServer({ name: 'ticket-desk', version: '2.1.0' });

  server.tool('close_ticket', 'Close a support ticket', { id: z.string() }, async ({ id }) => {
    if (!(await confirmClose(server, id))) {
      return { content: [{ type: 'text', text: `Ticket ${id} stays open.` }] };
    }
    return { content: [{ type: 'text', text: `Ticket ${id} closed.` }] };
  });

  return server;
}
