import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/**
 * Ask the user to confirm a destructive action. Returns false when the client
 * cannot ask, the user declines, or anything goes wrong.
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
        properties: {
          confirm: { type: 'boolean', title: 'Confirm', description: 'Check to proceed' },
        },
        required: ['confirm'],
      },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch {
    return false;
  }
}
