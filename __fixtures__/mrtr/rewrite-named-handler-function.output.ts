import { McpServer, type ServerContext, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';

// The handler is a named function, registered by name.
async function exportReport({ format }: { format: string }, ctx: ServerContext) {
  const choiceRequest: ElicitRequestFormParams = {
    message: `Export the report as ${format}. Include private notes?`,
    requestedSchema: { type: 'object', properties: { includePrivate: { type: 'boolean' } } },
  };
  const choice = inputResponse(ctx.mcpReq.inputResponses, 'export_report_choice');
  if (choice.kind !== 'elicit') {
    return inputRequired({ inputRequests: { export_report_choice: inputRequired.elicit(choiceRequest) } });
  }
  if (choice.action === 'accept' && choice.content) {
    const validation = fromJsonSchema(choiceRequest.requestedSchema)['~standard'].validate(choice.content);
    if (!(validation instanceof Promise) && validation.issues) {
      const problems = validation.issues.map((issue) => issue.message).join(', ');
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
    }
  }
  const includePrivate = choice.action === 'accept' && choice.content?.includePrivate === true;
  return { content: [{ type: 'text' as const, text: `report.${format}${includePrivate ? ' (with private notes)' : ''}` }] };
}

export function build(): McpServer {
  const server = new McpServer({ name: 'reports', version: '2.0.0' });
  server.registerTool('export_report', { inputSchema: z.object({ format: z.string() }) }, exportReport);
  return server;
}
