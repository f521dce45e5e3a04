import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createServer } from './server.js';

async function main() {
  const server = createServer();
  /* @mcp-mrtr-review serving-2025-only: server.connect(transport) serves 2025-era clients only, and this project's @modelcontextprotocol/server range (2.0.0-alpha.2) is a prerelease without serveStdio: raise it to ^2.4.0, then serve it with serveStdio(() => createServer()) from '@modelcontextprotocol/server/stdio' */
  await server.connect(new StdioServerTransport());
  console.error('v2 notes on stdio');
}

main();
