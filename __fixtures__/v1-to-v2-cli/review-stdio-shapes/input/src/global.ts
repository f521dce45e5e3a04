import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const mcpServer = new McpServer({ name: 'global', version: '1.0.0' });

// Registers on the module's server, which it reads itself.
function registerTools() {
  mcpServer.registerTool('hello', { description: 'Hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
}

async function main() {
  registerTools();
  const transport = new StdioServerTransport();
  await mcpServer.connect(transport);
}

process.on('SIGTERM', async () => {
  await mcpServer.close();
  process.exit(0);
});

main();
