import { randomUUID } from 'node:crypto';
import { McpServer, type CreateMessageRequestParams, type ToolUseContent } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const linked = new Set<string>();
const PRICES: Record<string, string> = { tea: '3.50', cake: '4.20' };

/** The OAuth callback: the user finished linking an account out of band. */
export function completeLink(params: { url?: string }): void {
  const account = params.url ? new URL(params.url).searchParams.get('account') : null;
  if (account) linked.add(account);
}

export function build() {
  const server = new McpServer({ name: 'cafe', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  async function ensureLinked(account: string): Promise<boolean> {
    if (linked.has(account)) return true;
    const answer = await ask.elicitInput({
      mode: 'url',
      message: `Link your ${account} account to order.`,
      url: `https://auth.example.com/link?account=${encodeURIComponent(account)}`,
      elicitationId: randomUUID(),
    });
    return answer.action === 'accept' && linked.has(account);
  }

  // A tool loop: the client's model may call `price` before it answers.
  async function askAgent(question: string): Promise<string> {
    const messages: CreateMessageRequestParams['messages'] = [{ role: 'user', content: { type: 'text', text: question } }];
    for (let turn = 0; turn < 3; turn++) {
      const reply = await ask.createMessage({
        messages,
        maxTokens: 200,
        tools: [{ name: 'price', description: 'The price of an item', inputSchema: { type: 'object', properties: { item: { type: 'string' } }, required: ['item'] } }],
      });
      const blocks = Array.isArray(reply.content) ? reply.content : [reply.content];
      const uses = blocks.filter((block): block is ToolUseContent => block.type === 'tool_use');
      if (uses.length === 0) return blocks.map((block) => (block.type === 'text' ? block.text : '')).join('');
      messages.push({ role: 'assistant', content: blocks });
      messages.push({
        role: 'user',
        content: uses.map((use) => ({ type: 'tool_result' as const, toolUseId: use.id, content: [{ type: 'text' as const, text: PRICES[String(use.input.item)] ?? 'unknown' }] })),
      });
    }
    return 'no answer';
  }

  server.registerTool('order', { inputSchema: z.object({ account: z.string(), item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ account, item }) => {
    if (!(await ensureLinked(account))) return { content: [{ type: 'text', text: `${account} is not linked` }], isError: true };
    const answer = await askAgent(`What does ${item} cost?`);
    return { content: [{ type: 'text', text: `${account} ordered ${item}: ${answer}` }] };
  }, { name: 'order' }));

  return server;
}
