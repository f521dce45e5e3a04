import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'poet', version: '1.0.0' });

server.registerTool('haiku', { description: 'Write a haiku' }, async () => {
  const sample = server.server.createMessage;
  /* @mcp-mrtr-review indirect-call: indirect use of a push-style method (.call, .bind, or the method stored in a variable) */
  const reply = await sample.call(server.server, {
    messages: [{ role: 'user', content: { type: 'text', text: 'A haiku about snow' } }],
    maxTokens: 60,
  });
  return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
});

export default server;
