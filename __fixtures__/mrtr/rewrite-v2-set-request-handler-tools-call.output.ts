import { Server, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';

export function build() {
  const server = new Server({ name: 'raw', version: '2.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const answer = inputResponse(ctx.mcpReq.inputResponses, 'ask_tools_call');
    if (answer.kind !== 'elicit') {
      return inputRequired({ inputRequests: { ask_tools_call: inputRequired.elicit({
        message: `Run ${request.params.name}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      }) } });
    }
    if (answer.action === 'accept' && answer.content) {
      const validation = fromJsonSchema({ type: 'object', properties: { ok: { type: 'boolean' } } })['~standard'].validate(answer.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
