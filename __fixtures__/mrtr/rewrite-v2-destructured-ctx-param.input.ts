import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'todo', version: '2.0.0' });

  // The context destructured in the callback's parameter list.
  server.registerTool(
    'archive',
    { description: 'Archive a list', inputSchema: z.object({ list: z.string() }) },
    async ({ list }, { mcpReq }) => {
      const answer = await mcpReq.elicitInput({
        message: `Archive ${list}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      });
      return { content: [{ type: 'text', text: answer.action }] };
    },
  );

  return server;
}
