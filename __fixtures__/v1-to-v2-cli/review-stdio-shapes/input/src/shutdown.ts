#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

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
  const server: McpServer = createServer();
  const transport = new StdioServerTransport();

  await server.connect(transport);

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
}
