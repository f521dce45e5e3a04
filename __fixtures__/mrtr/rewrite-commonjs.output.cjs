'use strict';

const { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } = require('@modelcontextprotocol/server');
const z = require('zod/v4');

function build() {
  const server = new McpServer({ name: 'tickets', version: '2.0.0' });

  server.registerTool(
    'close_ticket',
    { description: 'Close a ticket with a resolution the user picks', inputSchema: z.object({ ticket: z.string() }) },
    async ({ ticket }, ctx) => {
      const resolutionRequest = {
        message: `How was ticket ${ticket} resolved?`,
        requestedSchema: {
          type: 'object',
          properties: { outcome: { type: 'string', enum: ['fixed', 'wontfix', 'duplicate'] } },
          required: ['outcome'],
        },
      };
      const resolution = inputResponse(ctx.mcpReq.inputResponses, 'close_ticket_resolution');
      if (resolution.kind !== 'elicit') {
        return inputRequired({ inputRequests: { close_ticket_resolution: inputRequired.elicit(resolutionRequest) } });
      }
      if (resolution.action === 'accept' && resolution.content) {
        const validation = fromJsonSchema(resolutionRequest.requestedSchema)['~standard'].validate(resolution.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (resolution.action !== 'accept') {
        return { content: [{ type: 'text', text: `Ticket ${ticket} stays open.` }] };
      }
      return { content: [{ type: 'text', text: `Closed ${ticket} as ${resolution.content.outcome}.` }] };
    },
  );

  return server;
}

module.exports = { build };
