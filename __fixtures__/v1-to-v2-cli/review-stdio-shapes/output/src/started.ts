import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

let greetings = 0;

async function createServer() {
  const server = new McpServer({ name: 'started', version: '1.0.0' });
  server.registerTool('greet', { description: 'Greet' }, async () => ({
    content: [{ type: 'text', text: `hello #${++greetings}` }],
  }));
  return server;
}

// Connects the server and hands it back: its only caller (start.ts) drops the result.
export async function startGreeter() {
  serveStdio(async () => {
    const server = await createServer();
    return server;
  });
  console.error('started: on stdio');
}
