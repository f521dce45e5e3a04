import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

async function summarizeWithHost(server: McpServer, text: string): Promise<string> {
  const result = await ask.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize: ${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : '(no text)';
}

export function registerSummaryTools(server: McpServer): void {
  server.registerTool('summarize', { inputSchema: z.object({ text: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ text }) => ({
    content: [{ type: 'text', text: await summarizeWithHost(server, text) }],
  }), { name: 'summarize' }));
}
