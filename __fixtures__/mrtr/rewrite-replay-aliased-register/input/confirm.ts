import type { McpServer } from '@modelcontextprotocol/server';

/** Ask before a destructive action; true without a client that can ask. */
export async function confirmAction(server: McpServer, message: string): Promise<boolean> {
  if (!server.server.getClientCapabilities()?.elicitation) return true;
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
