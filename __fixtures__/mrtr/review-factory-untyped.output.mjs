import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// A factory without a return type, in plain ESM JavaScript; the server never escapes to a typed variable.
export function buildServer() {
  const server = new McpServer({ name: 'factory', version: '1.0.0' });
  server.registerTool('roots', { description: 'List roots' }, async () => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const { roots } = await server.server.listRoots();
    return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }] };
  });
  return server;
}

const app = buildServer();
app.server.oninitialized = () => {
  /* @mcp-mrtr-review oninitialized: push-style request in oninitialized: 2026-era clients have no initialize round and no server->client channel */
  void app.server.listRoots().then(({ roots }) => console.error(`${roots.length} roots`));
};
