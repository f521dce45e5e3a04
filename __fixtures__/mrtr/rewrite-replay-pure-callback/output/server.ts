import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const sent: string[] = [];

/** Whether the user confirms. */
async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ask.elicitInput({
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

export function build(): McpServer {
  const server = new McpServer({ name: 'mailer', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool(
    'send',
    {
      description: 'Send a message to one or two recipients after confirmation',
      inputSchema: z.object({ to: z.string().optional(), cc: z.string().optional() }),
    },
    withAsks(server.server, requestStateCodec, async ({ to, cc }, ctx) => {
      // Pure reads of the arguments: they run again on each round, with no journal.
      const count = [to, cc].filter(Boolean).length;
      const names = [to, cc].filter(Boolean).map(String).join(', ');
      if (count === 0) return { content: [{ type: 'text', text: 'Nobody to send to.' }], isError: true };
      if (!(await confirm(ctx, `Send to ${count} recipient(s): ${names}?`)))
        return { content: [{ type: 'text', text: 'Not sent.' }] };
      sent.push(names);
      return { content: [{ type: 'text', text: `Sent to ${names}.` }] };
    }, { name: 'send' }),
  );
  return server;
}
