import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmClose } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'ticket-desk', version: '2.1.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('close_ticket', { description: 'Close a support ticket', inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
            if (!(await confirmClose(server, id))) {
              return { content: [{ type: 'text', text: `Ticket ${id} stays open.` }] };
            }
            return { content: [{ type: 'text', text: `Ticket ${id} closed.` }] };
          }, { name: 'close_ticket' }));

  return server;
}
