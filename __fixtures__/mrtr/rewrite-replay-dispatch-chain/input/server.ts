import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { dispatch } from './actions.js';

export function build() {
  const server = new McpServer({ name: 'ops-console', version: '5.2.0' });
  server.registerTool(
    'run_action',
    { description: 'Run an operations action', inputSchema: z.object({ action: z.enum(['restart', 'drain']), target: z.string() }) },
    async ({ action, target }) => ({ content: [{ type: 'text', text: await dispatch(server, action, target) }] }),
  );
  return server;
}
