import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'todo', version: '2.0.0' });

  // The context destructured in the callback's parameter list.
  server.registerTool(
    'archive',
    { description: 'Archive a list', inputSchema: z.object({ list: z.string() }) },
    async ({ list }, { mcpReq }) => {
      const answerRequest: ElicitRequestFormParams = {
        message: `Archive ${list}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      };
      const answer = inputResponse(mcpReq.inputResponses, 'archive_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { archive_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      return { content: [{ type: 'text', text: answer.action }] };
    },
  );

  return server;
}
