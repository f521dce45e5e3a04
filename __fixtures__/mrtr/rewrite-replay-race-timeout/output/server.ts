import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'deploy', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'rollback',
    { description: 'Roll back a release, asking for confirmation within ten seconds', inputSchema: z.object({ release: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ release }, ctx) => {
      // No answer within ten seconds cancels the rollback.
      const answer = await Promise.race([
        ask.elicitInput({ message: `Roll back ${release}?`, requestedSchema: { type: 'object', properties: {} } }),
        new Promise<{ action: 'cancel' }>((resolve) => setTimeout(() => resolve({ action: 'cancel' }), 10_000)),
      ]);
      return { content: [{ type: 'text', text: answer.action === 'accept' ? `Rolled back ${release}.` : 'Kept.' }] };
    }, { name: 'rollback' }),
  );

  return server;
}
