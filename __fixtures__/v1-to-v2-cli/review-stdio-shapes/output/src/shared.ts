import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { McpServer } from '@modelcontextprotocol/server';
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
  /* @mcp-mrtr-review serving-2025-only: server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'. Not rewritten: createServer() builds more than the server: bus is used by `const shutdown = () => bus.removeAllListeners();` (line 19), and serveStdio calls its factory per connection: split it into what is built once (kept here) and a function that builds only the server and its registrations, served with serveStdio(() => thatFunction(...)) */
  await server.connect(transport);
}
