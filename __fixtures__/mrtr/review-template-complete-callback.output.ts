import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'files', version: '1.0.0' });

server.registerResource(
  'file',
  new ResourceTemplate('file:///{path}', {
    list: undefined,
    complete: {
      // Runs for completion/complete: suggests paths under the client's roots.
      path: async (value) => {
        /* @mcp-mrtr-review other-request: push-style request while handling a request that cannot answer input_required */
        const { roots } = await server.server.listRoots();
        return roots.map((root) => root.uri.replace('file:///', '')).filter((p) => p.startsWith(value));
      },
    },
  }),
  { mimeType: 'text/plain' },
  async (uri, { path }) => ({ contents: [{ uri: uri.href, text: `contents of ${String(path)}` }] }),
);

export default server;
