import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const log = (message: string) => console.error(`[clock] ${message}`);

export function createClockServer(): Server {
  const server = new Server({ name: 'clock', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [{ name: 'epoch', description: 'The epoch', inputSchema: { type: 'object' as const } }],
  }));
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: '1970-01-01' }] }));
  return server;
}

// The module's own instance, for the entry's other modes.
export const clockServer = createClockServer();
