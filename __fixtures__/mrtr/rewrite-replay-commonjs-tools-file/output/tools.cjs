'use strict';
const z = require('zod/v4');
const { confirmAction } = require('./confirm.cjs');
const { sharedRequestStateCodec, withAsks } = require('./mcp-mrtr-runtime.cjs');

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.cjs).
const requestStateCodec = sharedRequestStateCodec();

const bookmarks = new Set(['https://example.com', 'https://modelcontextprotocol.io']);

function registerBookmarkTools(server) {
  server.registerTool('remove_bookmark', { inputSchema: z.object({ url: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ url }) => {
    if (!bookmarks.has(url)) return { content: [{ type: 'text', text: `No bookmark ${url}.` }], isError: true };
    if (!(await confirmAction(server, `Remove ${url}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    bookmarks.delete(url);
    return { content: [{ type: 'text', text: `Removed ${url}.` }] };
  }, { name: 'remove_bookmark' }));
  server.registerTool('list_bookmarks', {}, async () => ({ content: [{ type: 'text', text: [...bookmarks].join('\n') }] }));
}

module.exports = { registerBookmarkTools };
module.exports.requestStateCodec = requestStateCodec;
