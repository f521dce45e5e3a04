#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createTicker } from './factory.js';

async function main(): Promise<void> {
  serveStdio(() => {
    const { server, cleanup } = createTicker();

    // Stop the timer and the server on Ctrl-C.
    process.on('SIGINT', async () => {
      await server.close();
      cleanup();
      process.exit(0);
    });
    return server;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
