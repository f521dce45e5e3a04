import { McpServer, type ElicitResult, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

/** Shared by several tools: turns an elicitation result into the tool's reply. */
function replyFor(result: ElicitResult, done: string): { content: Array<{ type: 'text'; text: string }> } {
  if (result.action === 'accept' && result.content?.confirm === true) return { content: [{ type: 'text', text: done }] };
  return { content: [{ type: 'text', text: result.action === 'decline' ? 'Declined.' : 'Cancelled.' }] };
}

export function build() {
  const server = new McpServer({ name: 'releases', version: '2.0.0' });

  server.registerTool(
    'publish_release',
    { description: 'Publish a draft release', inputSchema: z.object({ tag: z.string() }) },
    async ({ tag }, ctx) => {
      const decisionRequest: ElicitRequestFormParams = {
        message: `Publish release ${tag}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const decisionResponse = inputResponse(ctx.mcpReq.inputResponses, 'publish_release_decision');
      if (decisionResponse.kind !== 'elicit') {
        return inputRequired({ inputRequests: { publish_release_decision: inputRequired.elicit(decisionRequest) } });
      }
      if (decisionResponse.action === 'accept' && decisionResponse.content) {
        const validation = fromJsonSchema(decisionRequest.requestedSchema)['~standard'].validate(decisionResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const decision = { action: decisionResponse.action, content: decisionResponse.content as ElicitResult['content'] };
      return replyFor(decision, `Published ${tag}.`);
    },
  );

  return server;
}
