import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Root } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
let workspaceRoots: Root[] = [];

server.server.oninitialized = async () => {
  /* @mcp-mrtr-review oninitialized: push-style request in oninitialized: 2026-era clients have no initialize round and no server->client channel */
  const { roots } = await server.server.listRoots();
  workspaceRoots = roots;
};

server.registerTool('roots', { description: 'Show the workspace roots' }, async () => ({
  content: [{ type: 'text', text: workspaceRoots.map((root) => root.uri).join('\n') }],
}));

export default server;
