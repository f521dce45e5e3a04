import type { McpServer } from '@modelcontextprotocol/server';

/** Ask before spending; true without a client that can ask (the old behaviour of this server). */
export async function confirmSpend(server: McpServer, amount: number): Promise<boolean> {
  if (!server.server.getClientCapabilities()?.elicitation) return true;
  try {
    const answer = await server.server.elicitInput({
      message: `Spend ${amount}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch {
    return false;
  }
}
