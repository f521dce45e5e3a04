import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

async function main() {
  // Create transport and connect
  serveStdio(() => {
    // Create server instance
    const server = new McpServer({ name: 'x', version: '1.0.0' });
    server.registerTool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
    return server;
  });
  console.error('running');
}

main();
