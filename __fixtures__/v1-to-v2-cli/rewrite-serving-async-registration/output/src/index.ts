import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

async function registerAll(server: McpServer) {
  server.registerTool('hi', {}, async () => ({ content: [] }));
}
async function main() {
  serveStdio(async () => {
    const server = new McpServer({ name: 'x', version: '1.0.0' });
    await registerAll(server);
    return server;
  });
}
await main();
