import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const KEEP = {
  type: 'object' as const,
  properties: { keep: { type: 'boolean' as const, title: 'Use this summary' } },
  required: ['keep'],
};

export function build() {
  const server = new McpServer({ name: 'support-desk', version: '2.0.0' });

  server.registerTool(
    'summarize_ticket',
    { description: "Summarize a ticket with the client's model; a short (unsure) summary is confirmed by the user", inputSchema: z.object({ text: z.string() }) },
    async ({ text }, ctx) => {
      const summary = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize this ticket in one sentence:\n${text}` } }],
        maxTokens: 120,
      });
      const draft: string = !Array.isArray(summary.content) && summary.content.type === 'text' ? summary.content.text.trim() : '';
      // A very short summary means the model was unsure: the user decides whether to keep it.
      if (draft.length < 25) {
        const check = await ctx.mcpReq.elicitInput({
          message: `The model's summary is short: "${draft}". Use it anyway?`,
          requestedSchema: KEEP,
        });
        if (check.action !== 'accept' || check.content?.keep !== true) {
          return { content: [{ type: 'text', text: `Summary discarded (${check.action}).` }] };
        }
      }
      return { content: [{ type: 'text', text: `Summary by ${summary.model}: ${draft}` }] };
    },
  );

  return server;
}
