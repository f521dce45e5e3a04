import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// A helper whose parameter pattern is typed as the context.
async function pickAssignee({ mcpReq }: ServerContext): Promise<string> {
  const { send } = mcpReq;
  // A read of the sender that is no call: the name stays bound.
  if (!send) return '';
  const answer = await send({
    method: 'elicitation/create',
    params: { mode: 'form', message: 'Assign to whom?', requestedSchema: { type: 'object', properties: {} } },
  });
  return answer.action === 'accept' ? String(answer.content?.name ?? '') : '';
}

export function build(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' });

  // The v2 context's request function, taken out of `mcpReq` in the parameter list.
  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket after asking', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, { mcpReq: { send } }) => {
      const answer = await send({
        method: 'elicitation/create',
        params: { mode: 'form', message: `Close ticket ${id}?`, requestedSchema: { type: 'object', properties: {} } },
      });
      return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Closed.' : 'Left open.' }] };
    },
  );

  server.registerTool('assign_ticket', { description: 'Assign a ticket' }, async (ctx) => ({
    content: [{ type: 'text', text: await pickAssignee(ctx) }],
  }));

  return server;
}
