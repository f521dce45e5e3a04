import type { McpServer } from '@modelcontextprotocol/server';

/**
 * Ask the user to confirm a destructive action. Clients that cannot show a form confirm nothing: the
 * action is refused, as it is when the question fails.
 */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!server.server.getClientCapabilities()?.elicitation) {
    return false;
  }
  try {
    const result = await server.server.elicitInput({
      message,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: 'Confirm' } },
        required: ['confirm'],
      },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch (error) {
    lastFailure = error instanceof Error ? error.message : String(error);
    return false;
  }
}

export let lastFailure: string | undefined;
