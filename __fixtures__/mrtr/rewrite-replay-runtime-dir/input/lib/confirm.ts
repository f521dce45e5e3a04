import type { McpServer } from '@modelcontextprotocol/server';

export async function confirm(server: McpServer, message: string): Promise<boolean> {
  try {
    const answer = await server.server.elicitInput({ message, requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch {
    return false;
  }
}
