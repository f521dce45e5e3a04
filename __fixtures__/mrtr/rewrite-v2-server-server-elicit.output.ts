import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

export function build() {
  const server = new McpServer({ name: 'secrets', version: '2.0.0' });

  server.registerResource(
    'api-token',
    'secrets://api-token',
    { description: 'The API token, after confirmation' },
    async (uri, ctx) => {
      const answerRequest: ElicitRequestFormParams = {
        message: 'Reveal the API token?',
        requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } } },
      };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'api_token_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { api_token_ask: inputRequired.elicit(answerRequest) } });
      }
      if (answer.action === 'accept' && answer.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const text = answer.action === 'accept' ? (process.env.API_TOKEN ?? '') : '(hidden)';
      return { contents: [{ uri: uri.href, text }] };
    },
  );

  return server;
}
