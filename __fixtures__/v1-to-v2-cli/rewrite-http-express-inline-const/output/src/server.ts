import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.' };

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

// The note tools, registered on each session's server.
export function registerNoteTools(server: McpServer): void {
  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
      const answerRequest: ElicitRequestFormParams = {
        message: `Delete note ${id}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'delete_note_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { delete_note_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
      delete notes[id];
      return text(`Deleted note ${id}.`);
    },
  );

  server.registerTool(
    'summarize_note',
    { description: "Summarize a note with the client's model", inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const resultRequest: CreateMessageRequestParams = {
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${notes[id] ?? ''}` } }],
        maxTokens: 200,
      };
      const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'summarize_note_sample');
      if (resultResponse.kind !== 'sampling') {
        return inputRequired({ inputRequests: { summarize_note_sample: inputRequired.createMessage(resultRequest) } });
      }
      const result = checkedAnswer('CreateMessageResult', resultResponse.result);
      // v2 types a sampling result's content as one block or a list (sampling with tools); v1 as one block.
      const reply = result.content;
      return text(!Array.isArray(reply) && reply.type === 'text' ? reply.text : '(no text)');
    },
  );
}
