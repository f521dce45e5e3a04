import type { ServerContext } from '@modelcontextprotocol/server';
import { ask, isInputRequiredSignal } from './mcp-mrtr-runtime.js';

/** Ask the user to confirm; a client without forms, or a failed question, confirms nothing. */
export async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  try {
    // An earlier version of the tool could not follow the registration loop; this run migrates the ask and drops the marker.
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
