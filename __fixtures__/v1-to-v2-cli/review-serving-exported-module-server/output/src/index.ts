import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export const server = new McpServer({ name: 'x', version: '1.0.0' });
server.registerTool('ping', {}, async () => ({ content: [] }));
/* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. This module-level server cannot be wrapped safely (it is exported, or used outside its own top-level registration statements): move its construction and registrations into that function by hand */
await server.connect(new StdioServerTransport());
