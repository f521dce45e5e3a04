import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

export function build() {
  const server = new McpServer({ name: 'notes', version: '2.0.0' });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      if (!(await confirm(ctx, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
      return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
    },
  );

  return server;
}
