import { ProtocolError, ProtocolErrorCode, Server } from '@modelcontextprotocol/server';
import { DOMAINS, domainHandler } from './domains/index.js';

export function build() {
  const server = new Server({ name: 'desk', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({ tools: DOMAINS.flatMap((domain) => domainHandler(domain).tools()) }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const domain = DOMAINS.find((d) => name.startsWith(`${d}_`));
    if (!domain) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool ${name}`);
    return domainHandler(domain).handleCall(name, request.params.arguments ?? {}, ctx);
  });
  return server;
}
