#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

// keiver/image-tiler-mcp-server's entry: a module-level server registered at the top level, served by a function the
// module calls, and a named shutdown that closes it, run only by signal and error listeners.
function build(): McpServer {
  const server = new McpServer({ name: 'tiler', version: '1.0.0' });
  server.registerTool('ping', { description: 'Answers pong' }, async () => ({
    content: [{ type: 'text', text: 'pong' }],
  }));
  return server;
}

let server = build();

async function runStdio(): Promise<void> {
  serveStdio(() => {
    server = build();
    return server;
  });
  console.error('tiler running on stdio');
}

async function shutdown(): Promise<void> {
  await server.close();
  process.exit(0);
}

process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

process.on('uncaughtException', (error: Error) => {
  console.error('Uncaught exception:', error);
  shutdown().catch(() => process.exit(1));
});

runStdio().catch((error: unknown) => {
  console.error('Server error:', error);
  process.exit(1);
});
