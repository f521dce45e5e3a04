import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { handlers } from './tools.js';

const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const handler = handlers[request.params.name];
  if (!handler) throw new Error(`Unknown tool ${request.params.name}`);
  return handlers[request.params.name](request.params.arguments ?? {}, extra);
});

await server.connect(new StdioServerTransport());
