import { McpServer, type ElicitResult, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { withRetry } from './retry.js';
import { ask, isInputRequiredSignal, withAsks } from './mcp-mrtr-runtime.js';

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

const CHOICE = {
  type: 'object' as const,
  properties: { size: { type: 'string' as const, enum: ['small', 'large'] } },
  required: ['size'],
};

// Every failure a handler absorbed: shown by the `failures` tool.
const failures: string[] = [];

function recordFailure(error: unknown): ElicitResult {
  if (isInputRequiredSignal(error)) throw error;
  failures.push(error instanceof Error ? error.message : String(error));
  return { action: 'cancel' };
}

const keepSmall = (error: unknown) => {
  if (isInputRequiredSignal(error)) throw error;
  failures.push(`sizing: ${error instanceof Error ? error.message : String(error)}`);
  return 'small';
};

export function build() {
  const server = new McpServer({ name: 'orders', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  function askSize(item: string) {
    return ask.elicitInput({ message: `Which size of ${item}?`, requestedSchema: CHOICE });
  }

  server.registerTool('order', { inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
    const answer = await askSize(item).catch(recordFailure);
    const size = answer.action === 'accept' ? String(answer.content?.size) : 'none';
    return { content: [{ type: 'text', text: `${item}: ${size}` }] };
  }));

  server.registerTool('reorder', { inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
    const size = await askSize(item).then((answer) => (answer.action === 'accept' ? String(answer.content?.size) : 'small'), keepSmall);
    return { content: [{ type: 'text', text: `again ${item}: ${size}` }] };
  }));

  server.registerTool('order_with_retry', { inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
    const answer = await withRetry(() => askSize(item));
    return { content: [{ type: 'text', text: `${item} (retried): ${answer.action}` }] };
  }));

  // The house blend needs no argument: the helper itself is what withRetry runs.
  function askHouseBlend() {
    return askSize('house blend');
  }

  server.registerTool('order_house_blend', {}, withAsks(server.server, requestStateCodec, async () => {
    const answer = await withRetry(askHouseBlend);
    return { content: [{ type: 'text', text: `house blend: ${answer.action === 'accept' ? String(answer.content?.size) : answer.action}` }] };
  }));

  server.registerTool('failures', {}, async () => ({ content: [{ type: 'text', text: failures.join('; ') || 'none' }] }));

  return server;
}
