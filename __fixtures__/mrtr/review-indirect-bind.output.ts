import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'survey', version: '1.0.0' });

server.registerTool('survey', { description: 'Ask two questions' }, async () => {
  /* @mcp-mrtr-review indirect-call: indirect use of a push-style method (.call, .bind, or the method stored in a variable) */
  const ask = server.server.elicitInput.bind(server.server);
  const first = await ask({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  const second = await ask({ message: 'Your team?', requestedSchema: { type: 'object', properties: { team: { type: 'string' } } } });
  return { content: [{ type: 'text', text: `${first.action}/${second.action}` }] };
});

export default server;
