import type { McpServer } from '@modelcontextprotocol/server';
import { ask } from '../../generated/mrtr/mcp-mrtr-runtime.js';

export async function reasonFor(server: McpServer, action: string): Promise<string> {
  const reply = await ask.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `Why ${action}?` } }], maxTokens: 30 });
  return reply.content.type === 'text' ? reply.content.text : '';
}
