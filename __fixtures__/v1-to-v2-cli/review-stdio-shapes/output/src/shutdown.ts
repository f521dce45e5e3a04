#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

// v1nvn/readability-mcp's entry: a subcommand or the server, and a named shutdown handler that closes the server
// and is only ever registered for signals.
function createServer(): McpServer {
  const server = new McpServer({ name: 'reader', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  return server;
}

if (process.argv[2] === 'version') {
  console.log('1.0.0');
} else {
  serveStdio(() => {
    const server: McpServer = createServer();

    function shutdown(): void {
      void server
        .close()
        .catch(() => {
          // best-effort; exiting regardless
        })
        .finally(() => process.exit(0));
    }

    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    return server;
  });
}
