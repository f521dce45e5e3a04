import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });

server.registerTool('list_workspace', { description: 'List the client workspace roots' }, async () => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const { roots } = await server.server.listRoots();
  return {
    content: [{ type: 'text', text: roots.map((root) => `${root.name ?? ''} ${root.uri}`).join('\n') }],
  };
});

export default server;
