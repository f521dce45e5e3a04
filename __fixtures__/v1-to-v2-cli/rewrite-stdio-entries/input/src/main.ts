#!/usr/bin/env node
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.js';

// The README shape of most servers: connect inside main(), then say so on stderr.
async function main() {
  const server = createServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('greeter running on stdio');
}

main().catch((error) => {
  console.error('fatal:', error);
  process.exit(1);
});
