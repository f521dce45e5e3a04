import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

function createServer(): McpServer {
  return new McpServer({ name: 'factory', version: '1.0.0' }, { capabilities: { tools: {} } });
}

const server = createServer();

server.registerTool('suggest_tags', { description: 'Suggest tags with the client model' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Suggest five tags.' } }],
    maxTokens: 60,
  });
  return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
});

export default server;
