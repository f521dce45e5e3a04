import { Server, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';

const SERVICE_INPUT = { type: 'object' as const, properties: { service: { type: 'string' } }, required: ['service'] };

export function build() {
  const server = new Server({ name: 'ops', version: '2.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async () => ({
    tools: [
      { name: 'restart', description: 'Restart a service', inputSchema: SERVICE_INPUT },
      { name: 'drain', description: 'Drain traffic from a service', inputSchema: SERVICE_INPUT },
    ],
  }));

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name, arguments: args = {} } = request.params;
    const service = String(args.service ?? 'all');
    const approvalRequest: ElicitRequestFormParams = {
      message: `Approve ${name} on ${service}?`,
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean' } }, required: ['approve'] },
    };
    const approval = inputResponse(ctx.mcpReq.inputResponses, 'rewrite_low_level_switch_tools_call_approval');
    if (approval.kind !== 'elicit') {
      return inputRequired({ inputRequests: { rewrite_low_level_switch_tools_call_approval: inputRequired.elicit(approvalRequest) } });
    }
    if (approval.action === 'accept' && approval.content) {
      const validation = fromJsonSchema(approvalRequest.requestedSchema)['~standard'].validate(approval.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    if (approval.action !== 'accept' || approval.content?.approve !== true) {
      return { content: [{ type: 'text', text: `${name} on ${service} was not approved.` }] };
    }
    switch (name) {
      case 'restart':
        return { content: [{ type: 'text', text: `Restarted ${service}.` }] };
      case 'drain':
        return { content: [{ type: 'text', text: `Drained ${service}.` }] };
      default:
        return { content: [{ type: 'text', text: `Unknown tool ${name}.` }], isError: true };
    }
  });

  return server;
}
