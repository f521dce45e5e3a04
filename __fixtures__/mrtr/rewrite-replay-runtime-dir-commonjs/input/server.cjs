'use strict';
const { McpServer } = require('@modelcontextprotocol/server');
const z = require('zod/v4');
const { confirmAction } = require('./lib/confirm.cjs');

function build() {
  const server = new McpServer({ name: 'bookmarks', version: '0.4.0' });
  server.registerTool('remove_bookmark', { inputSchema: z.object({ url: z.string() }) }, async ({ url }) => {
    if (!(await confirmAction(server, `Remove ${url}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Removed ${url}.` }] };
  });
  server.registerTool('clear_bookmarks', {}, async () => {
    if (!(await confirmAction(server, 'Remove every bookmark?'))) return { content: [{ type: 'text', text: 'Kept all.' }] };
    return { content: [{ type: 'text', text: 'Removed all.' }] };
  });
  return server;
}

module.exports = { build };
