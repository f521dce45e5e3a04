import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'scanner', version: '1.0.0' });

// Old-style tool(name, description, cb) without a schema: the context is the first parameter.
server.tool('scan_workspace', 'Scan the client workspace', async (extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const { roots } = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [{ type: 'text', text: `Scanning ${roots.length} roots` }] };
});

export default server;
