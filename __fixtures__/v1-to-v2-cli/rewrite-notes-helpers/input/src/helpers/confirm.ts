import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** Ask the user to confirm; false when the client cannot ask or the user says no. */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!server.server.getClientCapabilities()?.elicitation) return false;
  try {
    const result = await server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return result.action === 'accept' && result.content?.confirm === true;
  } catch {
    return false;
  }
}
