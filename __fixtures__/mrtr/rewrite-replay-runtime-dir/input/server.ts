import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './lib/confirm.js';
import { reasonFor } from './lib/nested/reason.js';

export function build() {
  const server = new McpServer({ name: 'archive', version: '1.2.0' });

  server.registerTool('archive', { inputSchema: z.object({ project: z.string() }) }, async ({ project }) => {
    if (!(await confirm(server, `Archive ${project}?`))) return { content: [{ type: 'text', text: 'kept' }] };
    return { content: [{ type: 'text', text: `archived ${project}: ${await reasonFor(server, `archive ${project}`)}` }] };
  });

  server.registerPrompt('why', { argsSchema: { action: z.string() } }, async ({ action }) => {
    const caps = server.server.getClientCapabilities();
    const text = caps?.sampling ? await reasonFor(server, action) : 'no reason';
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  });

  return server;
}
