import type { ServerContext } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

/** Asks before a file is removed; shared by the stdio and the HTTP server. */
export async function confirmRemove(ctx: ServerContext, path: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message: `Remove ${path}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
