import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'storage', version: '2.0.0' });

  // A shared confirmation helper that reaches the client through the server, not the handler context.
  async function confirm(message: string): Promise<boolean> {
    const answer = await server.server.elicitInput({
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
