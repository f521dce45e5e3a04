import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'files', version: '2.0.0' });

  server.registerTool(
    'delete_file',
    { description: 'Delete a file after confirmation', inputSchema: z.object({ path: z.string() }) },
    async ({ path }, ctx) => {
      const answerRequest: ElicitRequestFormParams = {
        message: `Delete ${path}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'delete_file_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { delete_file_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Cancelled.' }] };
      }
      return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
    },
  );

  return server;
}
