#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'greeter', version: '1.0.0' }, { capabilities: { tools: {} } });
const greeting = 'Hello';

server.registerTool('greet', { description: 'Greet someone, if the user agrees', inputSchema: { name: z.string() } }, async ({ name }) => {
  const answer = await server.server.elicitInput({
    message: `Greet ${name}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' && answer.content?.confirm === true ? `${greeting}, ${name}!` : 'Not greeted.' }] };
});

const transport = new StdioServerTransport();
await server.connect(transport);
