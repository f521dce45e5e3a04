import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
} from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'confirm': {
      const params = { message: 'Proceed?', requestedSchema: { type: 'object' as const, properties: {} } };
      /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
      const answer = await server.request({ method: 'elicitation/create', params }, ElicitResultSchema);
      return { content: [{ type: 'text', text: answer.action }] };
    }
    case 'ask_model': {
      const params = { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'Hi' } }], maxTokens: 50 };
      /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
      const reply = await server.request({ method: 'sampling/createMessage', params }, CreateMessageResultSchema);
      return { content: [{ type: 'text', text: reply.model }] };
    }
    default: {
      /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
      const { roots } = await server.request({ method: 'roots/list', params: {} }, ListRootsResultSchema);
      return { content: [{ type: 'text', text: `${roots.length} roots` }] };
    }
  }
});

export default server;
