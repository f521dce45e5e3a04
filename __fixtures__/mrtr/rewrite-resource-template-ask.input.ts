import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'billing', version: '2.0.0' });

  server.registerResource(
    'invoice',
    new ResourceTemplate('invoices://{customer}/{number}', { list: undefined }),
    { description: 'An invoice; amounts only when the user agrees', mimeType: 'text/plain' },
    async (uri, variables, ctx) => {
      const consent = await ctx.mcpReq.elicitInput({
        message: `Show the amounts on invoice ${variables.number} of ${variables.customer}?`,
        requestedSchema: { type: 'object', properties: { showAmounts: { type: 'boolean', default: false } } },
      });
      const amounts = consent.action === 'accept' && consent.content?.showAmounts === true ? 'Total: 1,250.00 EUR' : 'Amounts hidden';
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Invoice ${variables.number} for ${variables.customer}\n${amounts}` }] };
    },
  );

  return server;
}
