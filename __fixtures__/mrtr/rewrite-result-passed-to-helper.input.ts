import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** Shared by several tools: turns an elicitation result into the tool's reply. */
function replyFor(result: ElicitResult, done: string): { content: Array<{ type: 'text'; text: string }> } {
  if (result.action === 'accept' && result.content?.confirm === true) return { content: [{ type: 'text', text: done }] };
  return { content: [{ type: 'text', text: result.action === 'decline' ? 'Declined.' : 'Cancelled.' }] };
}

export function build() {
  const server = new McpServer({ name: 'releases', version: '2.0.0' });

  server.registerTool(
    'publish_release',
    { description: 'Publish a draft release', inputSchema: z.object({ tag: z.string() }) },
    async ({ tag }, ctx) => {
      const decision = await ctx.mcpReq.elicitInput({
        message: `Publish release ${tag}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      return replyFor(decision, `Published ${tag}.`);
    },
  );

  return server;
}
