import type { GetPromptResult, ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { files } from '../store.js';

/** The prompts of this server by name; server.ts registers each entry. */
export const prompts = {
  summarize_file: {
    config: { description: 'A summary of one file, written by the client model', argsSchema: z.object({ path: z.string() }) },
    handler: async ({ path }: { path: string }, ctx: ServerContext): Promise<GetPromptResult> => {
      const text = files.get(path) ?? '';
      const sampled = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize in five words: ${text}` } }],
        maxTokens: 50,
      });
      const summary = sampled.content.type === 'text' ? sampled.content.text : '(no text)';
      return { messages: [{ role: 'user', content: { type: 'text', text: `${path}: ${summary}` } }] };
    },
  },
};
