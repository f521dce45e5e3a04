import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { syncWorkspace } from './jobs.js';

export function build() {
  const server = new McpServer({ name: 'workspace', version: '2.0.0' });
  server.registerTool('sync', { description: 'Sync the workspace', inputSchema: z.object({}) }, async () => ({
    content: [{ type: 'text', text: await syncWorkspace() }],
  }));
  return server;
}
