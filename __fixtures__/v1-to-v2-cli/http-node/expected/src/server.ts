import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type CreateMessageResult } from "@modelcontextprotocol/server";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { z } from 'zod';

const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.' };

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

export function build(): McpServer {
  const server = new McpServer({ name: 'notes-mini', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.registerTool(
    'delete_note',
    { description: 'Delete a note after confirmation', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
      const askDeleteNoteSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'ask_delete_note');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { ask_delete_note: inputRequired.elicit({
          message: `Delete note ${id}?`,
          requestedSchema: askDeleteNoteSchema,
        }) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(askDeleteNoteSchema)['~standard'].validate(answer.content);
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
      const resultResponse = inputResponse(ctx.mcpReq.inputResponses, 'sample_summarize_note');
      if (resultResponse.kind !== 'sampling') {
        return inputRequired({ inputRequests: { sample_summarize_note: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${notes[id] ?? ''}` } }],
          maxTokens: 200,
        }) } });
      }
      const result = resultResponse.result as CreateMessageResult;
      // v2 types a sampling result's content as one block or a list (sampling with tools); v1 as one block.
      const reply = result.content;
      return text(!Array.isArray(reply) && reply.type === 'text' ? reply.text : '(no text)');
    },
  );

  return server;
}
