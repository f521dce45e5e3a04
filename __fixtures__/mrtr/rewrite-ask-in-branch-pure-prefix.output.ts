import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

const APPROVE = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Approve this transfer' } },
  required: ['approve'],
};

// Transfers made today, across calls: the handler's effect, which must happen exactly once per approved call.
const transfers: Array<{ amount: number; to: string }> = [];

export function build() {
  const server = new McpServer({ name: 'payments', version: '2.0.0' });

  server.registerTool(
    'send_money',
    { description: 'Send money; large transfers need the user to approve', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      const reference = `T${transfers.length + 1}`;
      const fee = amount > 1000 ? 5 : 0;
      if (amount > 1000) {
        const approvalRequest: ElicitRequestFormParams = {
          message: `Send ${amount} to ${to} (reference ${reference}, fee ${fee})?`,
          requestedSchema: APPROVE,
        };
        const approval = inputResponse(ctx.mcpReq.inputResponses, 'send_money_approval');
        if (approval.kind !== 'elicit') {
          return inputRequired({ inputRequests: { send_money_approval: inputRequired.elicit(approvalRequest) } });
        }
        if (approval.action === 'accept' && approval.content) {
          const validation = fromJsonSchema(approvalRequest.requestedSchema)['~standard'].validate(approval.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        if (approval.action !== 'accept' || !approval.content?.approve) {
          return { content: [{ type: 'text', text: `Transfer ${reference} to ${to} cancelled.` }] };
        }
      } else {
        console.error(`small transfer ${reference}`);
      }
      transfers.push({ amount, to });
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to} as ${reference} (fee ${fee}); ${transfers.length} transfer(s) today.` }] };
    },
  );

  return server;
}
