import { Server, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';

export function build() {
  const server = new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const askToolsCallSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { ok: { type: 'boolean' } } };
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'ask_tools_call');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { ask_tools_call: inputRequired.elicit({
        message: `Run ${request.params.name}?`,
        requestedSchema: askToolsCallSchema,
      }) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema(askToolsCallSchema)['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
