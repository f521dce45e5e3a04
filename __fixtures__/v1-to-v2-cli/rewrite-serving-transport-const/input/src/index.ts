import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
function build() {
  return new McpServer({ name: 'x', version: '1.0.0' });
}
async function main() {
  const transport = new StdioServerTransport();
  await build().connect(transport);
}
await main();
