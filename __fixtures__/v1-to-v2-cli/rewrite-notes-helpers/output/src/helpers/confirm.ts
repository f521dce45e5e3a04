import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities, isInputRequiredSignal } from '../mcp-mrtr-runtime.js';

/** Ask the user to confirm; false when the client cannot ask or the user says no. */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!clientCapabilities()?.elicitation) return false;
  try {
    const result = await ask.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    return false;
  }
}
