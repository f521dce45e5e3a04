import type { ServerContext } from '@modelcontextprotocol/server';
import { ask } from '../mcp-mrtr-runtime.js';

/** Asks the user to confirm; shared by the tool modules. */
export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
