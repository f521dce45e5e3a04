#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { clockServer, log, createClockServer } from './singleton.js';

async function main() {
  if (process.argv.includes('--describe')) {
    log(`tools of ${clockServer.constructor.name}`);
  } else {
    log('stdio mode');
    serveStdio(() => createClockServer());
    log('connected');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
