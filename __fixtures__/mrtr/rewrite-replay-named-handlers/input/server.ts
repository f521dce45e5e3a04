import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { withRetry } from './retry.js';

const CHOICE = {
  type: 'object' as const,
  properties: { size: { type: 'string' as const, enum: ['small', 'large'] } },
  required: ['size'],
};

// Every failure a handler absorbed: shown by the `failures` tool.
const failures: string[] = [];

function recordFailure(error: unknown): ElicitResult {
  failures.push(error instanceof Error ? error.message : String(error));
  return { action: 'cancel' };
}

const keepSmall = (error: unknown) => {
  failures.push(`sizing: ${error instanceof Error ? error.message : String(error)}`);
  return 'small';
};

export function build() {
  const server = new McpServer({ name: 'orders', version: '1.0.0' });

  function askSize(item: string) {
    return server.server.elicitInput({ message: `Which size of ${item}?`, requestedSchema: CHOICE });
  }

  server.registerTool('order', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    const answer = await askSize(item).catch(recordFailure);
    const size = answer.action === 'accept' ? String(answer.content?.size) : 'none';
    return { content: [{ type: 'text', text: `${item}: ${size}` }] };
  });

  server.registerTool('reorder', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    const size = await askSize(item).then((answer) => (answer.action === 'accept' ? String(answer.content?.size) : 'small'), keepSmall);
    return { content: [{ type: 'text', text: `again ${item}: ${size}` }] };
  });

  server.registerTool('order_with_retry', { inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
    const answer = await withRetry(() => askSize(item));
    return { content: [{ type: 'text', text: `${item} (retried): ${answer.action}` }] };
  });

  // The house blend needs no argument: the helper itself is what withRetry runs.
  function askHouseBlend() {
    return askSize('house blend');
  }

  server.registerTool('order_house_blend', {}, async () => {
    const answer = await withRetry(askHouseBlend);
    return { content: [{ type: 'text', text: `house blend: ${answer.action === 'accept' ? String(answer.content?.size) : answer.action}` }] };
  });

  server.registerTool('failures', {}, async () => ({ content: [{ type: 'text', text: failures.join('; ') || 'none' }] }));

  return server;
}
