import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'indexer', version: '1.0.0' });

await server.connect(new StdioServerTransport());

// Right after connecting, at module top level.
/* @mcp-mrtr-review startup: push-style request at startup or module top level, outside any request */
const { roots } = await server.server.listRoots();
console.error(`indexer: starting with ${roots.length} roots`);
