#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

// A factory in the entry itself, with its own `server`, and the entry's top-level await.
async function openServer(): Promise<McpServer> {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echo a word' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));
  return server;
}

const server = await openServer();
const transport = new StdioServerTransport();
await server.connect(transport);
