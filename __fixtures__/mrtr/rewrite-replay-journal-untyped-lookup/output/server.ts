import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { DatasetCatalog, directory } from './catalog.js';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const catalog = new DatasetCatalog();
let deleted = 0;

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { lookups: catalog.lookups, checks: directory.checks, deleted };
}

export function build() {
  const server = new McpServer({ name: 'datasets', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('drop_dataset', { inputSchema: z.object({ name: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ name }, ctx) => {
    const dataset = await step('catalog.get', () => catalog.get(name));
    if (!dataset) return { content: [{ type: 'text', text: `No dataset ${name}.` }], isError: true };
    const large = dataset.rows > 1000 && !name.startsWith('tmp');
    let owner = '';
    if (dataset.owner?.email && (await step('directory.isActive', () => directory.isActive(name)))) owner = `, owned by ${dataset.owner.email}`;
    const answer = await ask.elicitInput({
      message: `Drop ${dataset.name} (${dataset.rows} rows${large ? ', a large one' : ''}${owner})?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Kept ${dataset.name}.` }] };
    }
    catalog.delete(name);
    deleted++;
    return { content: [{ type: 'text', text: `Dropped ${dataset.name}.` }] };
  }, { name: 'drop_dataset' }));

  return server;
}
