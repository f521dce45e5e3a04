import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'todo', version: '1.0.0' });

server.registerTool(
  'purge',
  { description: 'Purge finished items', inputSchema: { list: z.string() } },
  async ({ list }) => {
    if (server.server.getClientCapabilities()?.elicitation) {
      /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
      const answer = await server.server.elicitInput({
        message: `Purge finished items from ${list}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept' || !answer.content?.confirm) {
        return { content: [{ type: 'text', text: 'Kept everything.' }] };
      }
    }
    return { content: [{ type: 'text', text: `Purged ${list}.` }] };
  },
);

export default server;
