'use strict';
const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
const { z } = require('zod');

const server = new McpServer({ name: 'legacy-cjs', version: '1.0.0' });

server.registerTool('rename', { description: 'Rename a file', inputSchema: { from: z.string() } }, async ({ from }) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await server.server.elicitInput({
    message: `New name for ${from}?`,
    requestedSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not renamed.' }] };
  return { content: [{ type: 'text', text: `Renamed ${from} to ${answer.content.to}.` }] };
});

server.connect(new StdioServerTransport()).catch((error) => {
  console.error(error);
  process.exit(1);
});
