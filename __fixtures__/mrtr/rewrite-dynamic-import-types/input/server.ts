// The SDK loaded with `await import(...)`, as the SDK's own client guide loads its server half: the values the
// rewrite needs join that destructuring, and its types get an `import type` (a destructuring takes values only).
const { McpServer } = await import('@modelcontextprotocol/server');
const z = await import('zod/v4');

const server = new McpServer({ name: 'orders', version: '1.0.0' });

server.registerTool(
  'place_order',
  { description: 'Ship an item where the user says', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      mode: 'form',
      message: `Where should we ship the ${item}?`,
      requestedSchema: {
        type: 'object',
        properties: { city: { type: 'string', title: 'City' } },
        required: ['city'],
      },
    });
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Order cancelled.' }] };
    return { content: [{ type: 'text', text: `Shipping the ${item} to ${String(answer.content?.city)}.` }] };
  },
);

export function build() {
  return server;
}
