import { Server } from '@modelcontextprotocol/server';
import { loadArea } from './areas/index.js';

export function build() {
  const server = new Server({ name: 'shop', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [...(await loadArea('billing')).tools(), ...(await loadArea('stock')).tools()],
  }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
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
  });
  return server;
}
