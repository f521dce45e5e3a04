import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'storage', version: '2.0.0' });

  // The helper keeps the low-level server in a local first: once the ask is replayed, nothing reads it.
  async function confirm(message: string): Promise<boolean> {
    const lowLevel = server.server;
    const answer = await lowLevel.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }

  server.registerTool(
    'purge_bucket',
    { description: 'Delete every object in a bucket', inputSchema: z.object({ bucket: z.string() }) },
    async ({ bucket }) => {
      if (!(await confirm(`Purge every object in ${bucket}?`))) {
        return { content: [{ type: 'text', text: 'Nothing purged.' }] };
      }
      return { content: [{ type: 'text', text: `Purged ${bucket}.` }] };
    },
  );

  return server;
}
