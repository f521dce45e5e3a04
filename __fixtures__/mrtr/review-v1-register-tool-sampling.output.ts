import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'haiku', version: '1.0.0' });

server.registerTool('write_haiku', { description: 'Ask the client model for a haiku' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Write a haiku about the sea.' } }],
    maxTokens: 120,
  });
  const text = reply.content.type === 'text' ? reply.content.text : '(no text)';
  return { content: [{ type: 'text', text }] };
});

export default server;
