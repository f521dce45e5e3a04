import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CreateMessageResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const server = new McpServer({ name: 'prompts', version: '1.0.0' });

// Old-style prompt(name, argsSchema, cb): the context is the second parameter.
server.prompt('explain', { topic: z.string() }, async ({ topic }, extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await extra.sendRequest(
    {
      method: 'sampling/createMessage',
      params: { messages: [{ role: 'user', content: { type: 'text', text: `Explain ${topic}` } }], maxTokens: 300 },
    },
    CreateMessageResultSchema,
  );
  const text = reply.content.type === 'text' ? reply.content.text : '';
  return { messages: [{ role: 'assistant', content: { type: 'text', text } }] };
});

export default server;
