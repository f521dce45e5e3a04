import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// A helper whose parameter pattern is typed as the context.
async function pickAssignee({ mcpReq }: ServerContext): Promise<string> {
  const { send } = mcpReq;
  // A read of the sender that is no call: the name stays bound.
  if (!send) return '';
  const answer = await ask.request({
    method: 'elicitation/create',
    params: { mode: 'form', message: 'Assign to whom?', requestedSchema: { type: 'object', properties: {} } },
  });
  return answer.action === 'accept' ? String(answer.content?.name ?? '') : '';
}

export function build(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // The v2 context's request function, taken out of `mcpReq` in the parameter list.
  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket after asking', inputSchema: z.object({ id: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ id }, _ctx) => {
      const answer = await ask.request({
        method: 'elicitation/create',
        params: { mode: 'form', message: `Close ticket ${id}?`, requestedSchema: { type: 'object', properties: {} } },
      });
      return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Closed.' : 'Left open.' }] };
    }, { name: 'close_ticket' }),
  );

  server.registerTool('assign_ticket', { description: 'Assign a ticket' }, withAsks(server.server, requestStateCodec, async (ctx) => ({
    content: [{ type: 'text', text: await pickAssignee(ctx) }],
  }), { name: 'assign_ticket' }));

  return server;
}
