import { Server, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

export function build() {
  const server = new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const answerRequest: ElicitRequestFormParams = {
      message: `Run ${request.params.name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'rewrite_v2_set_request_handler_tools_call_tools_call_ask');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { rewrite_v2_set_request_handler_tools_call_tools_call_ask: inputRequired.elicit(answerRequest) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
