import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

async function summarize(server: McpServer, text: string): Promise<string> {
  const result = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize:\n${text}` } }],
    maxTokens: 200,
  });
  return result.content.type === 'text' ? result.content.text : text.slice(0, 200);
}

export default summarize;
