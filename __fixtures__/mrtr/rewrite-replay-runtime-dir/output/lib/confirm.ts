import type { McpServer } from '@modelcontextprotocol/server';
import { ask, isInputRequiredSignal } from '../generated/mrtr/mcp-mrtr-runtime.js';

export async function confirm(server: McpServer, message: string): Promise<boolean> {
  try {
    const answer = await ask.elicitInput({ message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return false;
  }
}
