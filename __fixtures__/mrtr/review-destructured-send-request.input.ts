import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListRootsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });

// The handler takes the request function out of its context and calls it bare.
server.registerTool('workspace_roots', { inputSchema: { verbose: z.boolean() } }, async ({ verbose }, { sendRequest }) => {
  const listed = await sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  const uris = listed.roots.map((root) => (verbose ? `${root.name ?? ''} ${root.uri}` : root.uri));
  return { content: [{ type: 'text', text: uris.join('\n') }] };
});

// Taken out of the context in the body instead.
server.registerTool('workspace_size', { inputSchema: { unit: z.string() } }, async ({ unit }, extra) => {
  const { sendRequest } = extra;
  const listed = await sendRequest({ method: 'roots/list' }, ListRootsResultSchema);
  return { content: [{ type: 'text', text: `${listed.roots.length} roots (${unit})` }] };
});

export default server;
