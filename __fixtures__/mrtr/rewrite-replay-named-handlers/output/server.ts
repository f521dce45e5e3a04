import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { withRetry } from './retry.js';
import { ask, isInputRequiredSignal, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

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
  }, { name: 'order' }));

  server.registerTool('reorder', { inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
    const size = await askSize(item).then((answer) => (answer.action === 'accept' ? String(answer.content?.size) : 'small'), keepSmall);
    return { content: [{ type: 'text', text: `again ${item}: ${size}` }] };
  }, { name: 'reorder' }));

  server.registerTool('order_with_retry', { inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
    const answer = await withRetry(() => askSize(item));
    return { content: [{ type: 'text', text: `${item} (retried): ${answer.action}` }] };
  }, { name: 'order_with_retry' }));

  // The house blend needs no argument: the helper itself is what withRetry runs.
  function askHouseBlend() {
    return askSize('house blend');
  }

  server.registerTool('order_house_blend', {}, withAsks(server.server, requestStateCodec, async () => {
    const answer = await withRetry(askHouseBlend);
    return { content: [{ type: 'text', text: `house blend: ${answer.action === 'accept' ? String(answer.content?.size) : answer.action}` }] };
  }, { name: 'order_house_blend' }));

  server.registerTool('failures', {}, async () => ({ content: [{ type: 'text', text: failures.join('; ') || 'none' }] }));

  return server;
}
