import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

function build(): McpServer {
  const mcpServer = new McpServer({ name: 'global', version: '1.0.0' });
  return mcpServer;
}

let mcpServer = build();

// Registers on the module's server, which it reads itself.
function registerTools() {
  mcpServer.registerTool('hello', { description: 'Hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
}

async function main() {
  serveStdio(() => {
    mcpServer = build();
    registerTools();
    return mcpServer;
  });
}

process.on('SIGTERM', async () => {
  await mcpServer.close();
  process.exit(0);
});

main();
