import type { McpServer } from '@modelcontextprotocol/server';
import { z, type ZodRawShape } from 'zod';
import { inputRequired, inputResponse, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

/** A tool of the table: its input as a raw shape, checked by the SDK. */
interface Entry {
  name: string;
  description: string;
  inputSchema: ZodRawShape;
  run: (args: Record<string, unknown>) => string;
}

const entries: Entry[] = [
  { name: 'shout', description: 'Shout a word', inputSchema: { word: z.string() }, run: (args) => String(args.word).toUpperCase() },
];

export function registerTools(server: McpServer): void {
  for (const entry of entries)
    server.registerTool(entry.name, { description: entry.description, inputSchema: z.object(entry.inputSchema) }, async (args) => ({
      content: [{ type: 'text', text: entry.run(args) }],
    }));
}

export function registerSummary(server: McpServer): void {
  server.registerTool('summarize_word', { description: 'Ask the client model for a word', inputSchema: z.object({ word: z.string() }) }, async (args, ctx) => {
    const answerRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: `One word like ${args.word}` } }],
      maxTokens: 20,
    };
    const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'summarize_word_sample');
    if (answerResponse.kind !== 'sampling') {
      return inputRequired({ inputRequests: { summarize_word_sample: inputRequired.createMessage(answerRequest) } });
    }
    const answer = checkedAnswer('CreateMessageResult', answerResponse.result);
    // v1 typed the answer's content loosely: `text` read on any block.
    return { content: [{ type: 'text', text: `model says: ${String((answer.content.type === 'text' ? answer.content.text : undefined) ?? '(not text)')}` }] };
  });
}
