const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { z } = require('zod');
function build() {
  const server = new McpServer({ name: 'c', version: '1.0.0' });
  server.registerTool('ok', { inputSchema: { id: z.string() } }, async ({ id }) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await server.server.elicitInput({ message: `ok ${id}?`, requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: answer.action }] };
  });
  return server;
}
module.exports = { build };
