import type { McpServer } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

/** Closing notifies the customer: check with the agent first. */
export async function confirmClose(server: McpServer, id: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    message: `Close ticket ${id} and notify the customer?`,
    requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
  });
  return answer.action === 'accept' && answer.content?.close === true;
}
