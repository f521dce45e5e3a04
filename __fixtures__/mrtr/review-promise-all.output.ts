import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'context', version: '1.0.0' });

server.registerTool('context', { description: 'Roots and a model greeting at once' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
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
