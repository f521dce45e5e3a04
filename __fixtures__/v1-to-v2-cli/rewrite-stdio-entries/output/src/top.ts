#!/usr/bin/env node
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';

// A factory in the entry itself, with its own `server`, and the entry's top-level await.
async function openServer(): Promise<McpServer> {
  const server = new McpServer({ name: 'echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echo a word' }, async () => ({ content: [{ type: 'text', text: 'echo' }] }));
  return server;
}

serveStdio(() => openServer());
