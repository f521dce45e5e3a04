import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'indexer', version: '1.0.0' });
let roots: Root[] = [];

// Poll the client's roots every minute.
setInterval(async () => {
  /* @mcp-mrtr-review timer: push-style request from a timer, outside any request */
  const result = await server.server.listRoots();
  roots = result.roots;
}, 60_000);

server.registerTool('roots', { description: 'Show the polled roots' }, async () => ({
  content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }],
}));

export default server;
