import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// Plain ESM JavaScript: the helper's parameter carries no type; its caller passes the server.
async function askModel(server, prompt) {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
    maxTokens: 200,
  });
  return reply.content.type === 'text' ? reply.content.text : '';
}

const server = new McpServer({ name: 'writer', version: '1.0.0' });

server.registerTool('title', { description: 'Suggest a title', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text: await askModel(server, `Suggest a title for: ${text}`) }],
}));

export default server;
