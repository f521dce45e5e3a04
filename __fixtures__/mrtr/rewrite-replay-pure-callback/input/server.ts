import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const sent: string[] = [];

/** Whether the user confirms. */
async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'mailer', version: '1.0.0' });
  server.registerTool(
    'send',
    {
      description: 'Send a message to one or two recipients after confirmation',
      inputSchema: z.object({ to: z.string().optional(), cc: z.string().optional() }),
    },
    async ({ to, cc }, ctx) => {
      // Pure reads of the arguments: they run again on each round, with no journal.
      const count = [to, cc].filter(Boolean).length;
      const names = [to, cc].filter(Boolean).map(String).join(', ');
      if (count === 0) return { content: [{ type: 'text', text: 'Nobody to send to.' }], isError: true };
      if (!(await confirm(ctx, `Send to ${count} recipient(s): ${names}?`)))
        return { content: [{ type: 'text', text: 'Not sent.' }] };
      sent.push(names);
      return { content: [{ type: 'text', text: `Sent to ${names}.` }] };
    },
  );
  return server;
}
