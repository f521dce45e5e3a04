'use strict';
const { McpServer } = require('@modelcontextprotocol/server');
const { registerBookmarkTools } = require('./tools.cjs');

function build() {
  const server = new McpServer({ name: 'bookmarks', version: '0.5.0' });
  registerBookmarkTools(server);
  return server;
}

module.exports = { build };
