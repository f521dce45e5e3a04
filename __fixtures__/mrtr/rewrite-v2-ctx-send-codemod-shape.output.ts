// The shape @modelcontextprotocol/codemod 2.3 writes for a v1 `extra.sendRequest(...)` call.
import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'deploy', version: '2.0.0' });

  server.registerTool(
    'deploy',
    { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) },
    async ({ service }, ctx) => {
      const answerRequest: { method: string; params: ElicitRequestFormParams } = {
          method: 'elicitation/create',
          params: {
            message: `Deploy ${service}?`,
            requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
          },
        };
      const answer = inputResponse(ctx.mcpReq.inputResponses, 'deploy_ask');
      if (answer.kind !== 'elicit') {
        return inputRequired({ inputRequests: { deploy_ask: inputRequired.elicit(answerRequest.params) } });
      }
      return { content: [{ type: 'text', text: answer.action }] };
    },
  );

  return server;
}
