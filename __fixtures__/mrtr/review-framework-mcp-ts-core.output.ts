// A tool of the cyanheads MCP template (mcp-ts-core): the unified handler context has optional elicit and sample.
import { tool, z } from '@cyanheads/mcp-ts-core';

export const reviewTool = tool('review_snippet', {
  description: 'Review a code snippet',
  input: z.object({ code: z.string() }),
  async handler(input, ctx) {
    let focus = 'general';
    if (ctx.elicit) {
      /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: mcp-ts-core (cyanheads mcp-ts-template) (`@cyanheads/mcp-ts-core`): upgrade to a release of mcp-ts-core (cyanheads mcp-ts-template) with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse) */
      const answer = await ctx.elicit('What should the review focus on?', z.object({ focus: z.string() }));
      if (answer.action === 'accept') focus = String(answer.content?.focus);
    }
    if (!ctx.sample) return { review: 'sampling unavailable' };
    /* @mcp-mrtr-review framework-api: push-style request made through a framework (its own API, or the SDK server its handler context carries): the framework owns the handler, so this tool cannot rewrite it: mcp-ts-core (cyanheads mcp-ts-template) (`@cyanheads/mcp-ts-core`): upgrade to a release of mcp-ts-core (cyanheads mcp-ts-template) with MRTR support, or move this tool onto the SDK's MRTR API (inputRequired / inputResponse) */
    const result = await ctx.sample([{ role: 'user', content: { type: 'text', text: `Review (${focus}):\n${input.code}` } }], {
      maxTokens: 400,
    });
    return { review: result.content };
  },
});
