import type { ServerContext } from '@modelcontextprotocol/server';

/** Ask the user to confirm; a client without forms, or a failed question, confirms nothing. */
export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  try {
    const result = await ctx.mcpReq.elicitInput({
      message,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: 'Confirm' } },
        required: ['confirm'],
      },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch {
    return false;
  }
}
