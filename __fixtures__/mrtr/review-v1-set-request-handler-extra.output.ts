import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  /* @mcp-mrtr-review no-strategy-yet: push-style request in an MRTR-capable handler; this version audits it but has no rewrite for it yet (SDK v1 file: the v2 SDK is needed first) */
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        message: `Run ${request.params.name}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      },
    },
    ElicitResultSchema,
  );
  return { content: [{ type: 'text', text: answer.action }] };
});

export default server;
