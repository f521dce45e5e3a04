import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const mcpServer = new McpServer({ name: 'x', version: '1.0.0' });
function registerTools() {
  mcpServer.registerTool('hi', {}, async () => ({ content: [] }));
}
async function main() {
  registerTools();
  await mcpServer.connect(new StdioServerTransport());
  registerTools();
}
await main();
