// The SDK loaded with `await import(...)`, as the SDK's own client guide loads its server half: the values the
// rewrite needs join that destructuring, and its types get an `import type` (a destructuring takes values only).
import type { ElicitRequestFormParams } from '@modelcontextprotocol/server';
const { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } = await import('@modelcontextprotocol/server');
const z = await import('zod/v4');

const server = new McpServer({ name: 'orders', version: '1.0.0' });

server.registerTool(
  'place_order',
  { description: 'Ship an item where the user says', inputSchema: z.object({ item: z.string() }) },
  async ({ item }, ctx) => {
    const answerRequest: ElicitRequestFormParams = {
      mode: 'form',
      message: `Where should we ship the ${item}?`,
      requestedSchema: {
        type: 'object',
        properties: { city: { type: 'string', title: 'City' } },
        required: ['city'],
      },
    };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'place_order_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { place_order_ask: inputRequired.elicit(answerRequest) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Order cancelled.' }] };
    return { content: [{ type: 'text', text: `Shipping the ${item} to ${String(answer.content?.city)}.` }] };
  },
);

export function build() {
  return server;
}
