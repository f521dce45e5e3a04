import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

function createServer(): McpServer {
  return new McpServer({ name: 'factory', version: '1.0.0' }, { capabilities: { tools: {} } });
}

const server = createServer();

server.registerTool('suggest_tags', { description: 'Suggest tags with the client model' }, async () => {
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: 'Suggest five tags.' } }],
    maxTokens: 60,
  });
  return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '' }] };
});

export default server;
