import { McpServer, inputRequired, inputResponse, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
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

// The low-level createMessage without tools returns a CreateMessageResult (one content block): code reads
// `content.type` directly. The rewrite must keep that type, or this no longer compiles.
export function build() {
  const server = new McpServer({ name: 'haiku', version: '2.0.0' });

  server.registerTool(
    'haiku',
    { description: 'Write a haiku with the client model', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx) => {
      const replyRequest: CreateMessageRequestParams = {
        messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }],
        maxTokens: 100,
      };
      const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'haiku_sample');
      if (replyResponse.kind !== 'sampling') {
        return inputRequired({ inputRequests: { haiku_sample: inputRequired.createMessage(replyRequest) } });
      }
      const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
      const text = reply.content.type === 'text' ? reply.content.text : '(no text)';
      return { content: [{ type: 'text', text }], structuredContent: { model: reply.model } };
    },
  );

  return server;
}
