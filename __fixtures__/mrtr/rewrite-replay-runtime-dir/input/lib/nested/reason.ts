import type { McpServer } from '@modelcontextprotocol/server';

export async function reasonFor(server: McpServer, action: string): Promise<string> {
  const reply = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `Why ${action}?` } }], maxTokens: 30 });
  return reply.content.type === 'text' ? reply.content.text : '';
}
