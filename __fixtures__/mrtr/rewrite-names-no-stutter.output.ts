import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

// Generated names read well: a tool named `ask_email` asks with the key `ask_email` (not `ask_ask_email`), and
// an answer bound to `response` is read through `responseAnswer` (not `responseResponse`).
export function build() {
  const server = new McpServer({ name: 'names', version: '2.0.0' });

  server.registerTool('ask_email', { description: 'Ask for an email address', inputSchema: z.object({}) }, async (_args, ctx) => {
    const askEmailSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { email: { type: 'string' } } };
    const askEmailResponse = inputResponse(ctx.mcpReq.inputResponses, 'ask_email');
    if (askEmailResponse.kind !== 'elicit') {
      return inputRequired({ inputRequests: { ask_email: inputRequired.elicit({ message: 'Your email?', requestedSchema: askEmailSchema }) } });
    }
    if (askEmailResponse.action === 'accept' && askEmailResponse.content) {
      const validation = fromJsonSchema(askEmailSchema)['~standard'].validate(askEmailResponse.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const { action } = askEmailResponse;
    return { content: [{ type: 'text', text: action }] };
  });

  server.registerTool('poem', { description: 'A poem', inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    const responseAnswer = inputResponse(ctx.mcpReq.inputResponses, 'poem_sample');
    if (responseAnswer.kind !== 'sampling') {
      return inputRequired({ inputRequests: { poem_sample: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: `A poem about ${topic}` } }], maxTokens: 50 }) } });
    }
    const response = checkedAnswer('CreateMessageResult', responseAnswer.result);
    return { content: [{ type: 'text', text: Array.isArray(response.content) || response.content.type !== 'text' ? '' : response.content.text }] };
  });

  return server;
}
