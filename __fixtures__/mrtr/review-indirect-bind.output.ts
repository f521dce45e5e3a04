import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'survey', version: '1.0.0' });

server.registerTool('survey', { description: 'Ask two questions' }, async () => {
  const ask = server.server.elicitInput.bind(server.server);
  /* @mcp-mrtr-review indirect-call: indirect use of a push-style method (.call, .bind, or the method stored in a variable) */
  const first = await ask({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } });
  /* @mcp-mrtr-review indirect-call: indirect use of a push-style method (.call, .bind, or the method stored in a variable) */
  const second = await ask({ message: 'Your team?', requestedSchema: { type: 'object', properties: { team: { type: 'string' } } } });
  return { content: [{ type: 'text', text: `${first.action}/${second.action}` }] };
});

export default server;
