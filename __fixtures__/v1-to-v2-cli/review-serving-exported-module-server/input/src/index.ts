import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
export const server = new McpServer({ name: 'x', version: '1.0.0' });
server.registerTool('ping', {}, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
