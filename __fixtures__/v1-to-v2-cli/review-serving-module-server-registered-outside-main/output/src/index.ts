import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

const mcpServer = new McpServer({ name: 'x', version: '1.0.0' });
function registerTools() {
  mcpServer.registerTool('hi', {}, async () => ({ content: [] }));
}
async function main() {
  registerTools();
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: the module-level mcpServer is also read by function registerTools() (line 5), which would keep a server that no longer serves: give those functions the server as a parameter and call them from build() (const server = new ...; registerTools(server); return server), and close or notify the instance serveStdio builds (a signal handler: keep the handle serveStdio returns and call its close()) */
  await mcpServer.connect(new StdioServerTransport());
}
await main();
registerTools();
