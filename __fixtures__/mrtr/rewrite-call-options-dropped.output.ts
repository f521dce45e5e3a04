import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// An ask with request options (a ten-minute timeout, as the reference "everything" server writes): the
// explicit form has no pending request to pass them to, so the report notes what was dropped.
export function build() {
  const server = new McpServer({ name: 'options', version: '2.0.0' });

  server.registerTool('profile', { description: 'Ask for a profile', inputSchema: z.object({}) }, async (_args, ctx) => {
    const profileAskSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'profile_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { profile_ask: inputRequired.elicit({ message: 'Your name?', requestedSchema: profileAskSchema }) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(profileAskSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `Hello ${String(answer.content?.name)}` : answer.action }] };
  });

  return server;
}
