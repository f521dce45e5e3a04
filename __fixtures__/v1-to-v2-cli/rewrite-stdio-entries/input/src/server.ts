import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// The factory has a `server` of its own: the entries' `server` is another variable.
export function createServer(): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('greet', { description: 'Greet someone, if the user agrees', inputSchema: { name: z.string() } }, async ({ name }) => {
    const answer = await server.server.elicitInput({
      message: `Greet ${name}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return { content: [{ type: 'text', text: answer.action === 'accept' && answer.content?.confirm === true ? `Hello, ${name}!` : 'Not greeted.' }] };
  });
  return server;
}
