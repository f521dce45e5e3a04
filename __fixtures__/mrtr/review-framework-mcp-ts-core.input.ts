// A tool of the cyanheads MCP template (mcp-ts-core): the unified handler context has optional elicit and sample.
import { tool, z } from '@cyanheads/mcp-ts-core';

export const reviewTool = tool('review_snippet', {
  description: 'Review a code snippet',
  input: z.object({ code: z.string() }),
  async handler(input, ctx) {
    let focus = 'general';
    if (ctx.elicit) {
      const answer = await ctx.elicit('What should the review focus on?', z.object({ focus: z.string() }));
      if (answer.action === 'accept') focus = String(answer.content?.focus);
    }
    if (!ctx.sample) return { review: 'sampling unavailable' };
    const result = await ctx.sample([{ role: 'user', content: { type: 'text', text: `Review (${focus}):\n${input.code}` } }], {
      maxTokens: 400,
    });
    return { review: result.content };
  },
});
