import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema, type Root } from '@modelcontextprotocol/sdk/types.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });
let roots: Root[] = [];

/* @mcp-mrtr-review roots-list-changed: roots list_changed handler: the notification no longer exists in 2026-07-28 */
server.server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
  /* @mcp-mrtr-review notification-handler: push-style request inside a notification handler */
  const result = await server.server.listRoots();
  roots = result.roots;
});

server.registerTool('roots', { description: 'Show cached roots' }, async () => ({
  content: [{ type: 'text', text: roots.map((root) => root.uri).join('\n') }],
}));

export default server;
