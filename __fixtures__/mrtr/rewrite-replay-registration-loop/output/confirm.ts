import type { ServerContext } from '@modelcontextprotocol/server';
import { ask, isInputRequiredSignal } from './mcp-mrtr-runtime.js';

/** Ask the user to confirm; a client without forms, or a failed question, confirms nothing. */
export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
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
    return false;
  }
}
