import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

async function summarizeWithHost(server: McpServer, text: string): Promise<string> {
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : '(no text)';
}

export function registerSummaryTools(server: McpServer): void {
  server.registerTool('summarize', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text: await summarizeWithHost(server, text) }],
  }));
}
