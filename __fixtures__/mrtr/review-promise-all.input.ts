import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'context', version: '1.0.0' });

server.registerTool('context', { description: 'Roots and a model greeting at once' }, async () => {
  const [{ roots }, greeting] = await Promise.all([
    server.server.listRoots(),
    server.server.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
      maxTokens: 20,
    }),
  ]);
  const hi = greeting.content.type === 'text' ? greeting.content.text : '';
  return { content: [{ type: 'text', text: `${hi} (${roots.length} roots)` }] };
});

export default server;
