'use strict';
const { McpServer } = require('@modelcontextprotocol/server');
const z = require('zod/v4');
const { confirmAction } = require('./confirm.cjs');
const { sharedRequestStateCodec, withAsks } = require('./mcp-mrtr-runtime.cjs');

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.cjs).
const requestStateCodec = sharedRequestStateCodec();

function build() {
  const server = new McpServer({ name: 'bookmarks', version: '0.4.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool('remove_bookmark', { inputSchema: z.object({ url: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ url }) => {
    if (!(await confirmAction(server, `Remove ${url}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Removed ${url}.` }] };
  }, { name: 'remove_bookmark' }));
  server.registerTool('clear_bookmarks', {}, withAsks(server.server, requestStateCodec, async () => {
    if (!(await confirmAction(server, 'Remove every bookmark?'))) return { content: [{ type: 'text', text: 'Kept all.' }] };
    return { content: [{ type: 'text', text: 'Removed all.' }] };
  }, { name: 'clear_bookmarks' }));
  return server;
}

module.exports = { build };
