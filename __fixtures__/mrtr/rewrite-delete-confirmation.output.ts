import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM_DELETE: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    confirm: { type: 'boolean', title: 'Delete permanently', description: 'This cannot be undone' },
  },
  required: ['confirm'],
};

export function build() {
  const server = new McpServer({ name: 'records', version: '2.0.0' });
  const records = new Map([
    ['42', 'Quarterly report'],
    ['7', 'Old invoice'],
  ]);

  server.registerTool(
    'delete_record',
    { description: 'Delete a record after the user confirms', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const confirmationRequest: ElicitRequestFormParams = {
        message: `Delete record ${id}?`,
        requestedSchema: CONFIRM_DELETE,
      };
      const confirmation = inputResponse(ctx.mcpReq.inputResponses, 'delete_record_confirmation');
      if (confirmation.kind !== 'elicit') {
        return inputRequired({ inputRequests: { delete_record_confirmation: inputRequired.elicit(confirmationRequest) } });
      }
      if (confirmation.action === 'accept' && confirmation.content) {
        const validation = fromJsonSchema(confirmationRequest.requestedSchema)['~standard'].validate(confirmation.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (confirmation.action === 'decline') {
        return { content: [{ type: 'text', text: `Record ${id} was kept: you declined the deletion.` }] };
      }
      if (confirmation.action !== 'accept' || confirmation.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Deletion cancelled.' }] };
      }
      const title = records.get(id);
      if (title === undefined) {
        return { content: [{ type: 'text', text: `No record ${id}.` }], isError: true };
      }
      records.delete(id);
      return { content: [{ type: 'text', text: `Deleted record ${id} (${title}).` }] };
    },
  );

  return server;
}
