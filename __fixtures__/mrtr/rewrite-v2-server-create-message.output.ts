import { McpServer, inputRequired, inputResponse, type CreateMessageResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// The low-level createMessage without tools returns a CreateMessageResult (one content block): code reads
// `content.type` directly. The rewrite must keep that type, or this no longer compiles.
export function build() {
  const server = new McpServer({ name: 'haiku', version: '2.0.0' });

  server.registerTool(
    'haiku',
    { description: 'Write a haiku with the client model', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx) => {
      const replyResponse = inputResponse(ctx.mcpReq.inputResponses, 'haiku_sample');
      if (replyResponse.kind !== 'sampling') {
        return inputRequired({ inputRequests: { haiku_sample: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }],
          maxTokens: 100,
        }) } });
      }
      const reply = replyResponse.result as CreateMessageResult;
      const text = reply.content.type === 'text' ? reply.content.text : '(no text)';
      return { content: [{ type: 'text', text }], structuredContent: { model: reply.model } };
    },
  );

  return server;
}
