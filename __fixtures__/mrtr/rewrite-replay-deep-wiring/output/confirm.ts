import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities, isInputRequiredSignal } from './mcp-mrtr-runtime.js';

/** Ask before spending; true without a client that can ask (the old behaviour of this server). */
export async function confirmSpend(server: McpServer, amount: number): Promise<boolean> {
  if (!clientCapabilities()?.elicitation) return true;
  try {
    const answer = await ask.elicitInput({
      message: `Spend ${amount}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return false;
  }
}
