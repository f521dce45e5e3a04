import * as z from 'zod/v4';
import { server, requestStateCodec } from './server.js';
import { ask, withAsks } from './mcp-mrtr-runtime.js';

const stock = new Map<string, number>([['bolts', 40]]);

/** A tool added after the first migration: it still asks the old way. */
server.registerTool('write_off', { description: 'Write off stock', inputSchema: z.object({ item: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ item }) => {
  const count = stock.get(item) ?? 0;
  const answer = await ask.elicitInput({
    message: `Write off all ${count} ${item}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
  stock.set(item, 0);
  return { content: [{ type: 'text', text: `Wrote off ${count} ${item}.` }] };
}, { name: 'write_off' }));
