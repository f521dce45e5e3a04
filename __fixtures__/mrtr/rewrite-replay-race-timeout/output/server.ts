import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, withAsks } from './mcp-mrtr-runtime.js';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
// A secret anyone could guess is refused too: a word repeated, or little variety (repeated characters).
if (entropyBits(requestStateSecret) < 80 || /^(.+)\1+$/s.test(requestStateSecret)) {
  throw new Error('MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): set it to random bytes, e.g. the output of `openssl rand -base64 32`');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

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
    }),
  );

  return server;
}
