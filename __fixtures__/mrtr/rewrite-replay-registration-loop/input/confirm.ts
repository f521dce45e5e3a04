import type { ServerContext } from '@modelcontextprotocol/server';

/** Ask the user to confirm; a client without forms, or a failed question, confirms nothing. */
export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  try {
    // An earlier version of the tool could not follow the registration loop; this run migrates the ask and drops the marker.
    /* @mcp-mrtr-review unresolved-caller: the function holding this request is passed around as a value the audit cannot follow to a handler */
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
