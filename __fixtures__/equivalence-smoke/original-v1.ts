// ORIGINAL (push-style, SDK v1): the same delete tool asking through server.server.elicitInput.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: { name: z.string() } },
    async ({ name }) => {
      const r = await server.server.elicitInput({
        message: `Delete note ${name}?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: 'Really delete?' } },
          required: ['confirm'],
        },
      });
      if (r.action === 'accept') {
        if (r.content?.confirm === true) return { content: [{ type: 'text', text: `Deleted ${name}` }] };
        return { content: [{ type: 'text', text: `Kept ${name}` }] };
      }
      if (r.action === 'decline') return { content: [{ type: 'text', text: `Declined: ${name} was not deleted` }] };
      return { content: [{ type: 'text', text: 'Cancelled' }], isError: true };
    },
  );

  return server;
}
