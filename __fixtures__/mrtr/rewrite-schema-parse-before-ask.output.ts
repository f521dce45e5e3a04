import { McpServer, inputRequired, inputResponse, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
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

// The habit of many servers (the reference "everything" server among them): validate the arguments with the
// tool's own schema, then ask. Validation of the request's own arguments is safe to run on every round, so the
// handler keeps the write-once form (no step function, no state).
const SampleSchema = z.object({ prompt: z.string(), maxTokens: z.number().int().default(100) });

export function build() {
  const server = new McpServer({ name: 'sampler', version: '2.0.0' });

  server.registerTool('sample', { description: 'Ask the client model', inputSchema: SampleSchema }, async (args, ctx) => {
    const { prompt, maxTokens } = SampleSchema.parse(args);
    const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'sample');
    if (replyResponse.kind !== 'sampling') {
      return inputRequired({ inputRequests: { sample: inputRequired.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens }) } });
    }
    const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
    return { content: [{ type: 'text', text: Array.isArray(reply.content) || reply.content.type !== 'text' ? '(no text)' : reply.content.text }] };
  });

  return server;
}
