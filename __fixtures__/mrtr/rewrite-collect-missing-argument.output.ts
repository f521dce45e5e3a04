import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'issues', version: '2.0.0' });

  server.registerTool(
    'open_issue',
    {
      description: 'Open an issue; asks for a title when none is given',
      inputSchema: z.object({ repo: z.string(), title: z.string().optional() }),
    },
    async ({ repo, title }, ctx) => {
      if (title) {
        return { content: [{ type: 'text', text: `Opened "${title}" in ${repo}.` }] };
      }
      const answerRequest: ElicitRequestFormParams = {
        message: `What should the new issue in ${repo} be called?`,
        requestedSchema: {
          type: 'object',
          properties: { title: { type: 'string', title: 'Issue title', minLength: 3 } },
          required: ['title'],
        },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'open_issue_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { open_issue_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action !== 'accept' || typeof answer.content?.title !== 'string') {
        return { content: [{ type: 'text', text: 'No title given; no issue opened.' }], isError: true };
      }
      return { content: [{ type: 'text', text: `Opened "${answer.content.title}" in ${repo}.` }] };
    },
  );

  return server;
}
