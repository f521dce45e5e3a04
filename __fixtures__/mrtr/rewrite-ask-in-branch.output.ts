import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'branches', version: '2.0.0' });

  server.registerTool(
    'force_push',
    { description: 'Force-push a branch', inputSchema: z.object({ branch: z.string(), yes: z.boolean().default(false) }) },
    async ({ branch, yes }, ctx) => {
      if (!yes) {
        const answerRequest: ElicitRequestFormParams = {
          message: `Force-push ${branch}? Remote commits may be lost.`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        };
        const answer = inputResponse(ctx.mcpReq.inputResponses, 'force_push_ask');
        if (answer.kind !== 'elicit') {
          return inputRequired({ inputRequests: { force_push_ask: inputRequired.elicit(answerRequest) } });
        }
        if (answer.action === 'accept' && answer.content) {
          const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        if (answer.action !== 'accept' || answer.content?.confirm !== true) {
          return { content: [{ type: 'text', text: 'Push cancelled.' }] };
        }
      }
      return { content: [{ type: 'text', text: `Force-pushed ${branch}.` }] };
    },
  );

  return server;
}
