import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const notes = new Map<string, string>([['n1', 'Buy milk']]);

/** Whether the user confirms. */
async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

/** The tools, registered on the server its constructor gets (a parameter property). */
export class ToolRegistry {
  constructor(private readonly server: McpServer) {}

  register(): void {
    this.server.registerTool(
      'delete_note',
      { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) },
      async ({ id }, ctx) => {
        if (!notes.has(id)) return { content: [{ type: 'text', text: `No note ${id}` }], isError: true };
        if (!(await confirm(ctx, `Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
        notes.delete(id);
        return { content: [{ type: 'text', text: `Deleted note ${id}.` }] };
      },
    );
  }
}
