import { McpServer, inputRequired, inputResponse, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

export function build() {
  const server = new McpServer({ name: 'prompts', version: '2.0.0' });

  // No argsSchema: the callback receives only the context.
  server.registerPrompt('daily_brief', { description: 'A brief written by the client model' }, async (ctx) => {
    const replyRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Write a two-line daily brief.' } }],
      maxTokens: 100,
    };
    const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'daily_brief_sample');
    if (replyResponse.kind !== 'sampling') {
      return inputRequired({ inputRequests: { daily_brief_sample: inputRequired.createMessage(replyRequest) } });
    }
    const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
    const text = !Array.isArray(reply.content) && reply.content.type === 'text' ? reply.content.text : '';
    return { messages: [{ role: 'assistant', content: { type: 'text', text } }] };
  });

  return server;
}
