import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'files', version: '2.0.0' });

  server.registerTool(
    'delete_file',
    { description: 'Delete a file after confirmation', inputSchema: z.object({ path: z.string() }) },
    async ({ path }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Delete ${path}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Cancelled.' }] };
      }
      return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
    },
  );

  return server;
}
