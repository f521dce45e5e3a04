#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { createServer } from './server.js';

// The README shape of most servers: connect inside main(), then say so on stderr.
async function main() {
  serveStdio(() => createServer());
  console.error('greeter running on stdio');
}

main().catch((error) => {
  console.error('fatal:', error);
  process.exit(1);
});
