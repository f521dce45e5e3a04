import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { AREAS, getAreaHandler, getHandlerForTool } from './domains/index.js';
import { runWithServerRef } from './serverRef.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new Server({ name: 'desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => {
    const handlers = await Promise.all(AREAS.map((area) => getAreaHandler(area)));
    return { tools: handlers.flatMap((handler) => handler.getTools()) };
  });
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request) => {
    const { name, arguments: args } = request.params;
    // Routed by name: the area that lists the tool answers it.
    const handler = await getHandlerForTool(name);
    if (!handler) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}`);
    return runWithServerRef(server, () => handler.handleCall(name, args ?? {}));
  }));
  return server;
}
