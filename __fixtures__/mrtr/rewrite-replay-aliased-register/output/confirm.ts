import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities } from './mcp-mrtr-runtime.js';

/** Ask before a destructive action; true without a client that can ask. */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!clientCapabilities()?.elicitation) return true;
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
