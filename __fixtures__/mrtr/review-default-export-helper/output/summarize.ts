import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

async function summarize(server: McpServer, text: string): Promise<string> {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : text.slice(0, 200);
}

export default summarize;
