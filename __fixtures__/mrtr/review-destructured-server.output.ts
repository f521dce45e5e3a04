import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const mcp = new McpServer({ name: 'workspace', version: '1.0.0' });
const { server } = mcp;

mcp.registerTool('roots', { description: 'List the client roots' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const { roots } = await server.listRoots();
  return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }] };
});

export default mcp;
