import type { McpServer } from '@modelcontextprotocol/server';
import { ask, clientCapabilities } from '../mcp-mrtr-runtime.js';

/** A two-sentence summary from the client's model, or null when the client cannot sample. */
export async function summarize(server: McpServer, text: string): Promise<string | null> {
  if (!clientCapabilities()?.sampling) return null;
  const result = await ask.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize in two sentences:\n\n${text}` } }],
    maxTokens: 200,
  });
  const reply = result.content;
  return !Array.isArray(reply) && reply.type === 'text' ? reply.text : null;
}
