import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const mcp = new McpServer({ name: 'workspace', version: '1.0.0' });
const { server } = mcp;

mcp.registerTool('roots', { description: 'List the client roots' }, async () => {
  const { roots } = await server.listRoots();
  return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }] };
});

export default mcp;
