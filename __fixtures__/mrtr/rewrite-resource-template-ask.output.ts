import { McpServer, ResourceTemplate, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'billing', version: '2.0.0' });

  server.registerResource(
    'invoice',
    new ResourceTemplate('invoices://{customer}/{number}', { list: undefined }),
    { description: 'An invoice; amounts only when the user agrees', mimeType: 'text/plain' },
    async (uri, variables, ctx) => {
      const consentRequest: ElicitRequestFormParams = {
        message: `Show the amounts on invoice ${variables.number} of ${variables.customer}?`,
        requestedSchema: { type: 'object', properties: { showAmounts: { type: 'boolean', default: false } } },
      };
      const consent = inputResponse(ctx.mcpReq.inputResponses, 'invoice_consent');
      if (consent.kind !== 'elicit') {
        return inputRequired({ inputRequests: { invoice_consent: inputRequired.elicit(consentRequest) } });
      }
      if (consent.action === 'accept' && consent.content) {
        const validation = fromJsonSchema(consentRequest.requestedSchema)['~standard'].validate(consent.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const amounts = consent.action === 'accept' && consent.content?.showAmounts === true ? 'Total: 1,250.00 EUR' : 'Amounts hidden';
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Invoice ${variables.number} for ${variables.customer}\n${amounts}` }] };
    },
  );

  return server;
}
