'use strict';
const { McpServer } = require('@modelcontextprotocol/server');
const { registerBookmarkTools, requestStateCodec } = require('./tools.cjs');

function build() {
  const server = new McpServer({ name: 'bookmarks', version: '0.5.0' }, { requestState: { verify: requestStateCodec.verify } });
  registerBookmarkTools(server);
  return server;
}

module.exports = { build };
