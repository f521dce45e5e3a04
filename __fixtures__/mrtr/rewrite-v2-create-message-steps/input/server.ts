import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// A draft from the client model, then a confirmation that shows it: a step function whose state carries the
// sampling answer, typed as the old call returned it (one content block).
export function build() {
  const server = new McpServer({ name: 'haiku', version: '2.0.0' });

  server.registerTool(
    'haiku',
    { description: 'Draft a haiku and keep it if the user likes it', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }) => {
      const reply = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }],
        maxTokens: 100,
      });
      const draft = reply.content.type === 'text' ? reply.content.text : '(no text)';
      const verdict = await server.server.elicitInput({
        message: `Keep this haiku?\n\n${draft}`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean', title: 'Keep' } }, required: ['keep'] },
      });
      if (verdict.action !== 'accept' || !verdict.content?.keep) return { content: [{ type: 'text', text: 'Dropped.' }] };
      return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '?' }], structuredContent: { model: reply.model } };
    },
  );

  return server;
}
