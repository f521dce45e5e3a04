import { McpServer, type CallToolResult, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function build(): McpServer {
  const server = new McpServer({ name: 'typed', version: '2.0.0' });

  // The callback's declared return type must admit the input-required result after the rewrite.
  server.registerTool('archive_project', { inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx): Promise<CallToolResult | InputRequiredResult> => {
    const answerRequest: ElicitRequestFormParams = {
      message: `Archive ${project}? It becomes read-only.`,
      requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
    };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'archive_project_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { archive_project_ask: inputRequired.elicit(answerRequest) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const archived = answer.action === 'accept' && answer.content?.archive === true;
    return { content: [{ type: 'text', text: archived ? `Archived ${project}.` : `${project} stays active.` }] };
  });

  return server;
}
