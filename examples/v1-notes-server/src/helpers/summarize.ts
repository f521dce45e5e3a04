import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const SUMMARY_TIMEOUT_MS = 10_000;

function truncate(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Summarize text with the client's model; fall back to truncation on timeout or error. */
export async function summarize(server: McpServer, text: string): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SUMMARY_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize this note in two sentences:\n\n${text}` } }],
        systemPrompt: 'You write short, factual summaries.',
        maxTokens: 200,
      }),
      timeout,
    ]);
    if (result && result.content.type === 'text') {
      return result.content.text.trim();
    }
    return truncate(text);
  } catch {
    return truncate(text);
  } finally {
    clearTimeout(timer);
  }
}
