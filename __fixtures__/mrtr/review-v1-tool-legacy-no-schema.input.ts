import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'scanner', version: '1.0.0' });

// Old-style tool(name, description, cb) without a schema: the context is the first parameter.
server.tool('scan_workspace', 'Scan the client workspace', async (extra) => {
  const { roots } = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [{ type: 'text', text: `Scanning ${roots.length} roots` }] };
});

export default server;
