import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'files', version: '1.0.0' });

// Old-style resource(name, template, metadata, cb): the context is the third parameter.
server.resource(
  'file',
  new ResourceTemplate('file:///{path}', { list: undefined }),
  { mimeType: 'text/plain' },
  async (uri, { path }, extra) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const { roots } = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
    const allowed = roots.some((root) => uri.href.startsWith(root.uri));
    return { contents: [{ uri: uri.href, text: allowed ? `contents of ${String(path)}` : 'outside the workspace' }] };
  },
);

export default server;
