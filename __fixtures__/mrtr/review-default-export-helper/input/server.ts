import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import makeSummary from './summarize.js';

const server = new McpServer({ name: 'docs', version: '1.0.0' });

server.registerPrompt('digest', { argsSchema: { body: z.string() } }, async ({ body }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: await makeSummary(server, body) } }],
}));

export default server;
