import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'translate', version: '1.0.0' });

server.registerTool(
  'translate',
  { description: 'Translate text with the client model', inputSchema: { text: z.string(), to: z.string() } },
  async ({ text, to }) => {
    let translated = text;
    try {
      /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
      const reply = await server.server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: `Translate to ${to}: ${text}` } }],
        maxTokens: 500,
      });
      if (reply.content.type === 'text') translated = reply.content.text;
    } catch (error) {
      console.error('sampling unavailable, returning the original text', error);
    }
    return { content: [{ type: 'text', text: translated }] };
  },
);

export default server;
