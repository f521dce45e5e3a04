import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'x', version: '1.0.0' });

server.registerTool('a', {}, async () => ({ content: [] }));

/* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: the module-level server is also read by `await server.connect(new StdioServerTran` (line 9), which would keep a server that no longer serves: give those functions the server as a parameter and call them from build() (const server = new ...; registerTools(server); return server), and close or notify the instance serveStdio builds (a signal handler: keep the handle serveStdio returns and call its close()) */
await server.connect(new StdioServerTransport());
/* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: the module-level server is also read by `await server.connect(new StdioServerTran` (line 8), which would keep a server that no longer serves: give those functions the server as a parameter and call them from build() (const server = new ...; registerTools(server); return server), and close or notify the instance serveStdio builds (a signal handler: keep the handle serveStdio returns and call its close()) */
await server.connect(new StdioServerTransport());
