import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'raw', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
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
