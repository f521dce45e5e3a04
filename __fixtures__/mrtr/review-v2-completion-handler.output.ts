import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'complete', version: '2.0.0' }, { capabilities: { completions: {} } });

server.setRequestHandler('completion/complete', async (request, ctx) => {
  /* @mcp-mrtr-review other-request: push-style request while handling a request that cannot answer input_required */
  const reply = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Suggest values starting with ${request.params.argument.value}` } }],
    maxTokens: 60,
  });
  const text = !Array.isArray(reply.content) && reply.content.type === 'text' ? reply.content.text : '';
  return { completion: { values: text.split('\n').filter(Boolean).slice(0, 10) } };
});

export default server;
