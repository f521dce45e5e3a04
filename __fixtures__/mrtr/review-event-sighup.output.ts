import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'indexer', version: '1.0.0' });
let roots: Root[] = [];

// Re-read the client's roots when the operator sends SIGHUP.
process.on('SIGHUP', async () => {
  /* @mcp-mrtr-review event-listener: push-style request inside an event listener, outside any request */
  const result = await server.server.listRoots();
  roots = result.roots;
  console.error(`indexer: ${roots.length} roots`);
});

await server.connect(new StdioServerTransport());
