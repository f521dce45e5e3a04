import type { ServerContext } from '@modelcontextprotocol/server';

function truncate(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Summarize text with the client's model; fall back to truncation when the model answers with no text. */
export async function summarize(ctx: ServerContext, text: string): Promise<string> {
  const result = await ctx.mcpReq.requestSampling({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize this note in two sentences:\n\n${text}` } }],
    systemPrompt: 'You write short, factual summaries.',
    maxTokens: 200,
  });
  if (!Array.isArray(result.content) && result.content.type === 'text') {
    return result.content.text.trim();
  }
  return truncate(text);
}
