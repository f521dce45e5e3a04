import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

async function main() {
  serveStdio(() => {
    const server = new McpServer({ name: 'x', version: '1.0.0' });

    server.registerTool('a', {}, async () => ({ content: [] }));

    // the second tool
    server.registerTool('b', {}, async () => ({ content: [] }));
    return server;
  });
}

main();
