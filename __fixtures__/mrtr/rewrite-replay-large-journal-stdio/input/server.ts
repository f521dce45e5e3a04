import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { searchRegistry, searches } from './catalog.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'registry', version: '1.0.0' });
  server.registerTool('pick', { description: 'Search, then pick a package', inputSchema: z.object({ query: z.string() }) }, async ({ query }) => {
    const hits = await searchRegistry(query);
    if (hits.length === 0) return { content: [{ type: 'text', text: 'nothing found' }] };
    const answer = await server.server.elicitInput({
      message: `Pick one of ${hits.length} packages`,
      requestedSchema: {
        type: 'object',
        properties: { name: { type: 'string', enum: hits.map((h) => h.name) } },
        required: ['name'],
      },
    });
    const chosen = answer.action === 'accept' ? String(answer.content?.name) : 'none';
    return { content: [{ type: 'text', text: `${chosen} (searches so far: ${searches})` }] };
  });
  return server;
}
