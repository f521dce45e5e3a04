import type { McpServer } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

export async function confirm(_server: McpServer, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}
