import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities, isInputRequiredSignal } from './mcp-mrtr-runtime.js';

/**
 * Ask the user to confirm a destructive action. Clients that cannot show a form confirm nothing: the
 * action is refused, as it is when the question fails.
 */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!clientCapabilities()?.elicitation) {
    return false;
  }
  try {
    const result = await ask.elicitInput({
      message,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: 'Confirm' } },
        required: ['confirm'],
      },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    lastFailure = error instanceof Error ? error.message : String(error);
    return false;
  }
}

export let lastFailure: string | undefined;
