import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'indexer', version: '1.0.0' });

await server.connect(new StdioServerTransport());

// Right after connecting, at module top level.
const { roots } = await server.server.listRoots();
console.error(`indexer: starting with ${roots.length} roots`);
