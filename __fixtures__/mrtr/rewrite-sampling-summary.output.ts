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

export function build() {
  const server = new McpServer({ name: 'summaries', version: '2.0.0' });

  server.registerTool(
    'summarize',
    { description: 'Summarize a text with the client model', inputSchema: z.object({ text: z.string(), words: z.number().int().default(50) }) },
    async ({ text, words }, ctx) => {
      const excerpt = text.trim().slice(0, 4000);
      const completionRequest: CreateMessageRequestParams = {
        systemPrompt: `You write faithful summaries of at most ${words} words.`,
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n\n${excerpt}` } }],
        maxTokens: 300,
        temperature: 0.2,
      };
      const completionResponse = inputResponse(ctx.mcpReq.inputResponses, 'summarize_completion');
      if (completionResponse.kind !== 'sampling') {
        return inputRequired({ inputRequests: { summarize_completion: inputRequired.createMessage(completionRequest) } });
      }
      const completion = checkedAnswer('CreateMessageResult', completionResponse.result);
      if (Array.isArray(completion.content) || completion.content.type !== 'text') {
        return { content: [{ type: 'text', text: 'The model returned no text.' }], isError: true };
      }
      return { content: [{ type: 'text', text: completion.content.text }], structuredContent: { model: completion.model } };
    },
  );

  return server;
}
