import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'branches', version: '2.0.0' });

  server.registerTool(
    'force_push',
    { description: 'Force-push a branch', inputSchema: z.object({ branch: z.string(), yes: z.boolean().default(false) }) },
    async ({ branch, yes }, ctx) => {
      if (!yes) {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Force-push ${branch}? Remote commits may be lost.`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        });
        if (answer.action !== 'accept' || answer.content?.confirm !== true) {
          return { content: [{ type: 'text', text: 'Push cancelled.' }] };
        }
      }
      return { content: [{ type: 'text', text: `Force-pushed ${branch}.` }] };
    },
  );

  return server;
}
