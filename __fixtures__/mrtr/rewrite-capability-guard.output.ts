import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, CLIENT_CAPABILITIES_META_KEY, type ClientCapabilities } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const CONFIRM = {
  type: 'object' as const,
  properties: { confirm: { type: 'boolean' as const, title: 'Really remove the branch?' } },
  required: ['confirm'],
};

export function build() {
  const server = new McpServer({ name: 'git-tools', version: '2.1.0' });

  server.registerTool(
    'remove_branch',
    { description: 'Remove a git branch after confirmation', inputSchema: z.object({ branch: z.string() }) },
    async ({ branch }, ctx) => {
      // Clients that cannot show a form get a plain refusal instead of an error.
      if (!(((ctx.mcpReq.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) ?? server.server.getClientCapabilities())?.elicitation) {
        return { content: [{ type: 'text', text: `Not removing ${branch}: this client cannot confirm.` }] };
      }
      const confirmation = inputResponse(ctx.mcpReq.inputResponses, 'remove_branch_confirmation');
      if (confirmation.kind !== 'elicit') {
        return inputRequired({ inputRequests: { remove_branch_confirmation: inputRequired.elicit({ message: `Remove branch ${branch}?`, requestedSchema: CONFIRM }) } });
      }
      if (confirmation.action === 'accept' && confirmation.content) {
        const validation = fromJsonSchema(CONFIRM)['~standard'].validate(confirmation.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      if (confirmation.action === 'accept' && confirmation.content?.confirm === true) {
        return { content: [{ type: 'text', text: `Removed ${branch}.` }] };
      }
      return { content: [{ type: 'text', text: `Kept ${branch} (${confirmation.action}).` }] };
    },
  );

  return server;
}
