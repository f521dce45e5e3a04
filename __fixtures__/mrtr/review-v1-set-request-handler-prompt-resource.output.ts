import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { GetPromptRequestSchema, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { prompts: {}, resources: {} } });

server.setRequestHandler(GetPromptRequestSchema, async (request) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const reply = await server.createMessage({
    messages: [{ role: 'user', content: { type: 'text', text: `Draft a ${request.params.name} prompt` } }],
    maxTokens: 200,
  });
  return { messages: [{ role: 'assistant', content: reply.content.type === 'text' ? reply.content : { type: 'text', text: '' } }] };
});

server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const { roots } = await server.listRoots();
  return { contents: [{ uri: request.params.uri, text: JSON.stringify(roots) }] };
});

export default server;
