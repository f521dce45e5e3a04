#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

// A module-level server handed to registration helpers, connected inside main(): the shape of many small servers.
function registerShout(mcp: McpServer, prefix: { text: string }) {
  mcp.registerTool('shout', { inputSchema: z.object({ word: z.string() }) }, async ({ word }) => ({
    content: [{ type: 'text', text: `${prefix.text}${word.toUpperCase()}` }],
  }));
}

function build(): McpServer {
  const server = new McpServer({ name: 'shouter', version: '1.0.0' });
  registerShout(server, prefix);
  return server;
}

const prefix = { text: '>> ' };

async function main() {
  serveStdio(() => build());
  console.error('shouter running on stdio');
}

main().catch((error) => {
  console.error('fatal:', error);
  process.exit(1);
});
