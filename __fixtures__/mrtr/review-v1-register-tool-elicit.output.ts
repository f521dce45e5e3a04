import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'files', version: '1.0.0' });

server.registerTool(
  'delete_file',
  { description: 'Delete a file after confirmation', inputSchema: { path: z.string() } },
  async ({ path }) => {
    /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
    const answer = await server.server.elicitInput({
      message: `Delete ${path}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', title: 'Confirm' } },
        required: ['confirm'],
      },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: 'Cancelled.' }] };
    }
    return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
  },
);

await server.connect(new StdioServerTransport());
