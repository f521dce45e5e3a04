#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createTicker } from './factory.js';

async function main(): Promise<void> {
  const transport = new StdioServerTransport();
  const { server, cleanup } = createTicker();

  await server.connect(transport);

  // Stop the timer and the server on Ctrl-C.
  process.on('SIGINT', async () => {
    await server.close();
    cleanup();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
