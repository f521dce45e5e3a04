import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

function build(): McpServer {
  const mcpServer = new McpServer({ name: 'x', version: '1.0.0' });
  return mcpServer;
}

let mcpServer = build();
function registerTools() {
  mcpServer.registerTool('hi', {}, async () => ({ content: [] }));
}
async function main() {
  serveStdio(() => {
    mcpServer = build();
    registerTools();
    return mcpServer;
  });
}
await main();
process.on('SIGINT', () => void mcpServer.close());
