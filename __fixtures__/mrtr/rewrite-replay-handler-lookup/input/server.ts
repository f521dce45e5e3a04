import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { AREAS, getAreaHandler, getHandlerForTool } from './domains/index.js';
import { runWithServerRef } from './serverRef.js';

export function build() {
  const server = new Server({ name: 'desk', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => {
    const handlers = await Promise.all(AREAS.map((area) => getAreaHandler(area)));
    return { tools: handlers.flatMap((handler) => handler.getTools()) };
  });
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    // Routed by name: the area that lists the tool answers it.
    const handler = await getHandlerForTool(name);
    if (!handler) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}`);
    return runWithServerRef(server, () => handler.handleCall(name, args ?? {}));
  });
  return server;
}
