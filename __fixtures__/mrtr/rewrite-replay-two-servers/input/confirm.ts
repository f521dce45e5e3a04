import type { ServerContext } from '@modelcontextprotocol/server';

/** Asks before a file is removed; shared by the stdio and the HTTP server. */
export async function confirmRemove(ctx: ServerContext, path: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Remove ${path}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
