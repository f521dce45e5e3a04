// A URL elicitation whose id is made before the ask becomes a step function; its completion notifier moves into
// the first step with the code around it, and it is left for review: its marker goes above it there.
import { randomUUID } from 'node:crypto';
import { McpServer, type ElicitRequestURLParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'x', version: '1.0.0' });
  server.registerTool(
    'link_account',
    { description: 'Link', inputSchema: z.object({ provider: z.string() }) },
    async ({ provider }, ctx) => {
      const elicitationId = randomUUID();
      const notifyComplete = server.server.createElicitationCompletionNotifier(elicitationId, {
        relatedRequestId: ctx.mcpReq.id,
      });
      setTimeout(() => void notifyComplete().catch((error) => console.error(error)), 50);
      const params: ElicitRequestURLParams = {
        mode: 'url',
        message: `Sign in to ${provider}`,
        url: `https://example.com/oauth/${encodeURIComponent(provider)}/authorize`,
        elicitationId,
      };
      const result = await ctx.mcpReq.elicitInput(params);
      return { content: [{ type: 'text', text: result.action === 'accept' ? `linked ${provider}` : `link ${result.action}` }] };
    },
  );
  return server;
}
