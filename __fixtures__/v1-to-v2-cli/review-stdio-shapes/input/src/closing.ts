#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// keiver/image-tiler-mcp-server's entry: a module-level server registered at the top level, served by a function the
// module calls, and a named shutdown that closes it, run only by signal and error listeners.
const server = new McpServer({ name: 'tiler', version: '1.0.0' });

server.registerTool('ping', { description: 'Answers pong' }, async () => ({
  content: [{ type: 'text', text: 'pong' }],
}));

async function runStdio(): Promise<void> {
  const transport = new StdioServerTransport();
  await server.connect(transport);
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
