import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const server = new McpServer({ name: 'notes', version: '2.0.0' });

async function confirm(message: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

server.registerTool(
  'delete_note',
  { description: 'Delete a note', inputSchema: z.object({ id: z.string() }) },
  async ({ id }) => {
    if (!(await confirm(`Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  },
);

// The harness (and a serving factory) gets the one module-level server.
export function build() {
  return server;
}
