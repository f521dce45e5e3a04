import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

function build() {
  return new McpServer({ name: 'x', version: '1.0.0' });
}
async function main() {
  serveStdio(() => build());
}
await main();
