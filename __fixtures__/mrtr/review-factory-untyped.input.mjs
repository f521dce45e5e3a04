import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// A factory without a return type, in plain ESM JavaScript; the server never escapes to a typed variable.
export function buildServer() {
  const server = new McpServer({ name: 'factory', version: '1.0.0' });
  server.registerTool('roots', { description: 'List roots' }, async () => {
    const { roots } = await server.server.listRoots();
    return { content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }] };
  });
  return server;
}

const app = buildServer();
app.server.oninitialized = () => {
  void app.server.listRoots().then(({ roots }) => console.error(`${roots.length} roots`));
};
