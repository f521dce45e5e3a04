import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** The tools every entry serves: the local one over stdio and the hosted one over HTTP. */
export function registerTools(server: McpServer, label: string): void {
  server.registerTool(
    'remove',
    { description: 'Remove a file after confirmation', inputSchema: z.object({ path: z.string() }) },
    async ({ path }) => {
      const answer = await server.server.elicitInput({
        message: `Remove ${path}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true)
        return { content: [{ type: 'text', text: `Kept ${path}.` }] };
      return { content: [{ type: 'text', text: `Removed ${path} (${label}).` }] };
    },
  );
}
