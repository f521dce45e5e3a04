import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });

server.registerResource(
  'workspace-roots',
  'workspace://roots',
  { description: 'The client roots as JSON', mimeType: 'application/json' },
  async (uri) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const { roots } = await server.server.listRoots();
    return { contents: [{ uri: uri.href, text: JSON.stringify(roots) }] };
  },
);

export default server;
