import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { searchRegistry, searches } from './catalog.js';
import { ask, sharedRequestStateCodec, step, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build(): McpServer {
  const server = new McpServer({ name: 'registry', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool('pick', { description: 'Search, then pick a package', inputSchema: z.object({ query: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ query }) => {
    const hits = await step('searchRegistry', () => searchRegistry(query));
    if (hits.length === 0) return { content: [{ type: 'text', text: 'nothing found' }] };
    const answer = await ask.elicitInput({
      message: `Pick one of ${hits.length} packages`,
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', enum: hits.map((h) => h.name) } },
        required: ['name'],
      },
    });
    const chosen = answer.action === 'accept' ? String(answer.content?.name) : 'none';
    return { content: [{ type: 'text', text: `${chosen} (searches so far: ${searches})` }] };
  }, { name: 'pick' }));
  return server;
}
