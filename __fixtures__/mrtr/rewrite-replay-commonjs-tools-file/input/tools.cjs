'use strict';
const z = require('zod/v4');
const { confirmAction } = require('./confirm.cjs');

const bookmarks = new Set(['https://example.com', 'https://modelcontextprotocol.io']);

function registerBookmarkTools(server) {
  server.registerTool('remove_bookmark', { inputSchema: z.object({ url: z.string() }) }, async ({ url }) => {
    if (!bookmarks.has(url)) return { content: [{ type: 'text', text: `No bookmark ${url}.` }], isError: true };
    if (!(await confirmAction(server, `Remove ${url}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    bookmarks.delete(url);
    return { content: [{ type: 'text', text: `Removed ${url}.` }] };
  });
  server.registerTool('list_bookmarks', {}, async () => ({ content: [{ type: 'text', text: [...bookmarks].join('\n') }] }));
}

module.exports = { registerBookmarkTools };
