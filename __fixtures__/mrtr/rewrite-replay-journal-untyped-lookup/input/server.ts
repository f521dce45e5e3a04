import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { DatasetCatalog, directory } from './catalog.js';

const catalog = new DatasetCatalog();
let deleted = 0;

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { lookups: catalog.lookups, checks: directory.checks, deleted };
}

export function build() {
  const server = new McpServer({ name: 'datasets', version: '1.0.0' });

  server.registerTool('drop_dataset', { inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    const dataset = catalog.get(name);
    if (!dataset) return { content: [{ type: 'text', text: `No dataset ${name}.` }], isError: true };
    const large = dataset.rows > 1000 && !name.startsWith('tmp');
    let owner = '';
    if (dataset.owner?.email && (await directory.isActive(name))) owner = `, owned by ${dataset.owner.email}`;
    const answer = await ctx.mcpReq.elicitInput({
      message: `Drop ${dataset.name} (${dataset.rows} rows${large ? ', a large one' : ''}${owner})?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Kept ${dataset.name}.` }] };
    }
    catalog.delete(name);
    deleted++;
    return { content: [{ type: 'text', text: `Dropped ${dataset.name}.` }] };
  });

  return server;
}
