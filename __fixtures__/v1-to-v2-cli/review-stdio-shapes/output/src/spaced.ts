import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

// The smallest stdio server, with blank lines around its registrations: the construction first in main(), so that
// moving it leaves a blank line at the block's start, and the registration above the connect after a blank line.
async function main() {
  serveStdio(() => {
    const server = new McpServer({ name: 'spaced', version: '1.0.0' });

    server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  });
}

main();
