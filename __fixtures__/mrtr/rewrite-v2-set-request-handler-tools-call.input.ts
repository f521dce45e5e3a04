import { Server } from '@modelcontextprotocol/server';

export function build() {
  const server = new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Run ${request.params.name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    });
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
