#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

// A module-level server handed to registration helpers, connected inside main(): the shape of many small servers.
function registerShout(mcp: McpServer, prefix: { text: string }) {
  mcp.registerTool('shout', { inputSchema: { word: z.string() } }, async ({ word }) => ({
    content: [{ type: 'text', text: `${prefix.text}${word.toUpperCase()}` }],
  }));
}

const server = new McpServer({ name: 'shouter', version: '1.0.0' });

const prefix = { text: '>> ' };

registerShout(server, prefix);

async function main() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('shouter running on stdio');
}

main().catch((error) => {
  console.error('fatal:', error);
  process.exit(1);
});
