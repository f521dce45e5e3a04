import * as sdk from '@modelcontextprotocol/sdk/server/mcp.js';
import * as types from '@modelcontextprotocol/sdk/types.js';

const server = new sdk.McpServer({ name: 'ns', version: '1.0.0' });

server.registerTool('confirm', { description: 'Ask for confirmation' }, async (extra) => {
  const answer = await extra.sendRequest(
    { method: 'elicitation/create', params: { message: 'Continue?', requestedSchema: { type: 'object', properties: {} } } },
    types.ElicitResultSchema,
  );
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `The user said ${answer.action}` } }],
    maxTokens: 50,
  });
  return { content: [{ type: 'text', text: reply.model }] };
});

export default server;
