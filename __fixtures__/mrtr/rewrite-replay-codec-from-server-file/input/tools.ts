import * as z from 'zod/v4';
import { server } from './server.js';

const stock = new Map<string, number>([['bolts', 40]]);

/** A tool added after the first migration: it still asks the old way. */
server.registerTool('write_off', { description: 'Write off stock', inputSchema: z.object({ item: z.string() }) }, async ({ item }) => {
  const count = stock.get(item) ?? 0;
  const answer = await server.server.elicitInput({
    message: `Write off all ${count} ${item}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
  stock.set(item, 0);
  return { content: [{ type: 'text', text: `Wrote off ${count} ${item}.` }] };
});
