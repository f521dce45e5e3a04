import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { DOMAINS, domainHandler } from './domains/index.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new Server({ name: 'desk', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: DOMAINS.flatMap((domain) => domainHandler(domain).tools()) }));
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, ctx) => {
    const name = request.params.name;
    const domain = DOMAINS.find((d) => name.startsWith(`${d}_`));
    if (!domain) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}`);
    return domainHandler(domain).handleCall(name, request.params.arguments ?? {}, ctx);
  }));
  return server;
}
