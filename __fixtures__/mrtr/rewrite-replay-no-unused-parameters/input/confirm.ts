import type { McpServer } from '@modelcontextprotocol/server';

export async function confirm(server: McpServer, message: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
