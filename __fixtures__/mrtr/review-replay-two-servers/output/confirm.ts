import type { ServerContext } from '@modelcontextprotocol/server';

/** Asks before a file is removed; shared by the stdio and the HTTP server. */
export async function confirmRemove(ctx: ServerContext, path: string): Promise<boolean> {
  /* @mcp-mrtr-review state-codec-unwired: the handler needs requestState between rounds, but the server's construction (`new McpServer(...)`) is not in the handler's file, is not a plain `const server = new McpServer(info[, { ... }])`, or already configures requestState: the handlers that reach this ask belong to servers built apart (stdio.ts:6, http.ts:6); build both with one function, or declare and wire a requestState codec for each, and run the tool again */
  const answer = await ctx.mcpReq.elicitInput({
    message: `Remove ${path}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
