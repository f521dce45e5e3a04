import { McpServer } from '@modelcontextprotocol/server';

export const CONFIRM_UNAVAILABLE = 'Client does not support form elicitation.';

export function build() {
  const server = new McpServer({ name: 'basket', version: '1.0.0' });
  server.registerTool('basket_size', { description: 'How many items the basket holds' }, async () => ({
    content: [{ type: 'text', text: '3 items' }],
  }));
  return server;
}
