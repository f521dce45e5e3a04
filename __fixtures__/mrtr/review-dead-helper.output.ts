import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

// Left over from an earlier version: nothing calls it any more.
async function askForTitle(current: string): Promise<string> {
  /* @mcp-mrtr-review dead-code: push-style request in a function no analysed code calls */
  const answer = await server.server.elicitInput({
    message: `New title for "${current}"?`,
    requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
  });
  return answer.action === 'accept' && typeof answer.content?.title === 'string' ? answer.content.title : current;
}

server.registerTool('ping', { description: 'Health check' }, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));

export default server;
