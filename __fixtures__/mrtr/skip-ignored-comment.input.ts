import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });

server.registerTool('roots', { description: 'List the client roots' }, async () => {
  // @mcp-mrtr-ignore: migrated by hand in the next release
  const { roots } = await server.server.listRoots();
  return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }] };
});

export default server;
