import type { ServerContext } from '@modelcontextprotocol/server';
import type { Area } from '../types.js';
import { ask } from '../mcp-mrtr-runtime.js';

const counts: Record<string, number> = { apples: 3, pears: 0 };

async function pick(ctx: ServerContext): Promise<string | undefined> {
  const answer = await ask.elicitInput({
    message: 'Which item?',
    requestedSchema: { type: 'object', properties: { item: { type: 'string', enum: Object.keys(counts) } }, required: ['item'] },
  });
  return answer.action === 'accept' ? String(answer.content?.item) : undefined;
}

export const stock: Area = {
  tools: () => [{ name: 'stock_count', description: 'Count an item in stock', inputSchema: { type: 'object', properties: {} } }],
  async handleCall(_toolName, _args, ctx) {
    const item = await pick(ctx);
    if (!item) return { content: [{ type: 'text', text: 'No item chosen.' }] };
    return { content: [{ type: 'text', text: `${item}: ${counts[item]}` }] };
  },
};
