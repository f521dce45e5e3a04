const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');
function build() {
  const server = new McpServer({ name: 'c', version: '1.0.0' });
  server.registerTool('ok', { inputSchema: { id: z.string() } }, async ({ id }) => {
    const answer = await server.server.elicitInput({ message: `ok ${id}?`, requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: answer.action }] };
  });
  return server;
}
module.exports = { build };
