import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// The smallest stdio server, with blank lines around its registrations: the construction first in main(), so that
// moving it leaves a blank line at the block's start, and the registration above the connect after a blank line.
async function main() {
  const server = new McpServer({ name: 'spaced', version: '1.0.0' });

  server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));

  await server.connect(new StdioServerTransport());
}

main();
