#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { clockServer, log } from './singleton.js';

async function main() {
  if (process.argv.includes('--describe')) {
    log(`tools of ${clockServer.constructor.name}`);
  } else {
    log('stdio mode');
    const transport = new StdioServerTransport();
    await clockServer.connect(transport);
    log('connected');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
