import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'poet', version: '1.0.0' });

server.registerTool('haiku', { description: 'Write a haiku' }, async () => {
  const sample = server.server.createMessage;
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await sample.call(server.server, {
    messages: [{ role: 'user', content: { type: 'text', text: 'A haiku about snow' } }],
    maxTokens: 60,
  });
  return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
});

// The method read through a cast and called through one: reported where it is called.
server.registerTool('limerick', { description: 'Write a limerick' }, async () => {
  const ask = (server.server as unknown as Record<string, unknown>)?.elicitInput;
  if (typeof ask !== 'function') return { content: [{ type: 'text', text: 'no elicitation' }] };
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await (ask as (params: Record<string, unknown>) => Promise<{ action: string }>).call(server.server, {
    message: 'A limerick about what?',
    requestedSchema: { type: 'object', properties: { topic: { type: 'string' } } },
  });
  return { content: [{ type: 'text', text: answer.action }] };
});

export default server;
