// CommonJS, which the official codemod leaves on v1: it imports the v1 SDK the workspace root installs.
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');

module.exports = { build: () => new McpServer({ name: 'c', version: '1.0.0' }) };
