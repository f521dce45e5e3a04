'use strict';

const { McpServer } = require('@modelcontextprotocol/server');
const z = require('zod/v4');

function build() {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' });

  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket with a resolution the user picks', inputSchema: z.object({ ticket: z.string() }) },
    async ({ ticket }, ctx) => {
      const resolution = await ctx.mcpReq.elicitInput({
        message: `How was ticket ${ticket} resolved?`,
        requestedSchema: {
          type: 'object',
          properties: { outcome: { type: 'string', enum: ['fixed', 'wontfix', 'duplicate'] } },
          required: ['outcome'],
        },
      });
      if (resolution.action !== 'accept') {
        return { content: [{ type: 'text', text: `Ticket ${ticket} stays open.` }] };
      }
      return { content: [{ type: 'text', text: `Closed ${ticket} as ${resolution.content.outcome}.` }] };
    },
  );

  return server;
}

module.exports = { build };
