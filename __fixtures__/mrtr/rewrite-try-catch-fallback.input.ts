import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const OVERWRITE = {
  type: 'object' as const,
  properties: { overwrite: { type: 'boolean' as const, title: 'Overwrite the existing file?' } },
  required: ['overwrite'],
};

export function build() {
  const server = new McpServer({ name: 'files', version: '2.0.0' });

  server.registerTool(
    'write_file',
    { description: 'Write a file, asking before overwriting', inputSchema: z.object({ path: z.string() }) },
    async ({ path }, ctx) => {
      try {
        const answer = await ctx.mcpReq.elicitInput({ message: `${path} exists. Overwrite it?`, requestedSchema: OVERWRITE });
        if (answer.action !== 'accept' || !answer.content?.overwrite) {
          return { content: [{ type: 'text', text: `Kept ${path}.` }] };
        }
        return { content: [{ type: 'text', text: `Overwrote ${path}.` }] };
      } catch (error) {
        // Clients that cannot ask (or send a malformed answer) keep the file.
        return { content: [{ type: 'text', text: `Kept ${path}: ${error instanceof Error ? error.message : String(error)}` }] };
      }
    },
  );

  return server;
}
