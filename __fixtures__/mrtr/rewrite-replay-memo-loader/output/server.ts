import { Server } from '@modelcontextprotocol/server';
import { loadArea } from './areas/index.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new Server({ name: 'shop', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [...(await loadArea('billing')).tools(), ...(await loadArea('stock')).tools()],
  }));
  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, ctx) => {
    const name = request.params.name;
    const args = request.params.arguments ?? {};
    if (name.startsWith('billing_')) {
      const area = await loadArea('billing');
      return await area.handleCall(name, args, ctx);
    }
    if (name.startsWith('stock_')) {
      const area = await loadArea('stock');
      return await area.handleCall(name, args, ctx);
    }
    return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
  }));
  return server;
}
