import type { McpServer } from '@modelcontextprotocol/server';
import { ask } from './mcp-mrtr-runtime.js';

/** The client's model explains the impact, then the user approves or not. */
export async function approve(server: McpServer, change: string): Promise<boolean> {
  const impact = await explain(server, change);
  const answer = await ask.elicitInput({
    message: `About to ${change}. ${impact} Proceed?`,
    requestedSchema: { type: 'object', properties: { proceed: { type: 'boolean' } }, required: ['proceed'] },
  });
  return answer.action === 'accept' && answer.content?.proceed === true;
}

async function explain(server: McpServer, change: string): Promise<string> {
  const result = await ask.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `In one sentence, what is the impact of: ${change}?` } }],
    maxTokens: 60,
  });
  return result.content.type === 'text' ? result.content.text : '';
}
