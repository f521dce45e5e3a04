import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'mailer', version: '2.0.0' });

  server.registerTool(
    'send_newsletter',
    { description: 'Send the newsletter to a list', inputSchema: z.object({ list: z.string() }) },
    async ({ list }, ctx) => {
      let confirmed = false;
      try {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Send the newsletter to ${list}?`,
          requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
        });
        confirmed = answer.action === 'accept' && answer.content?.send === true;
      } catch {
        // Clients without elicitation: fall back to a dry run.
        return { content: [{ type: 'text', text: `Dry run: the newsletter would go to ${list}.` }] };
      }
      return { content: [{ type: 'text', text: confirmed ? `Sent to ${list}.` : 'Not sent.' }] };
    },
  );

  return server;
}
