import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'health', version: '1.0.0' }, { capabilities: { tools: {} } });

// ping is a server->client request too, but not one MRTR replaces with input_required.
server.setRequestHandler(CallToolRequestSchema, async () => {
  await server.request({ method: 'ping' }, EmptyResultSchema);
  await server.ping();
  return { content: [{ type: 'text', text: 'client is alive' }] };
});

export default server;
