import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'notes', version: '2.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  /* @mcp-mrtr-review ask-in-helper: the ask is in a helper the handler calls, not in the handler itself; the explicit rewrite covers asks written in the handler */
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

server.registerTool(
  'delete_note',
  { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    if (!(await confirm(ctx, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  },
);

export default server;
