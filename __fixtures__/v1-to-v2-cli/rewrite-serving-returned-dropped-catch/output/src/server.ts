import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

export async function startServer() {
  serveStdio(() => {
    const server = new McpServer({ name: 'x', version: '1.0.0' });
    return server;
  });
}
