import { Server } from '@modelcontextprotocol/server';

const server = new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/call', async (request, ctx) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet */
  const answer = await ctx.mcpReq.elicitInput({
    message: `Run ${request.params.name}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  });
  return { content: [{ type: 'text', text: answer.action }] };
});

export default server;
