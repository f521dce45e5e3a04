import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { EventEmitter } from 'node:events';

// A factory that also builds what the whole process shares: a bus the shutdown code stops.
function createServer() {
  const bus = new EventEmitter();
  const server = new McpServer({ name: 'shared', version: '1.0.0' });
  server.registerTool('emit', { description: 'Emit' }, async () => {
    bus.emit('tick');
    return { content: [{ type: 'text', text: 'emitted' }] };
  });
  return { server, bus };
}

export async function startShared() {
  const { server, bus } = createServer();
  const transport = new StdioServerTransport();
  const shutdown = () => bus.removeAllListeners();
  process.once('exit', shutdown);
  await server.connect(transport);
}
