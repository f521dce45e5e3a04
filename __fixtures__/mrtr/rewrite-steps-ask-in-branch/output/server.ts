import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const APPROVE = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const, title: 'Approve this transfer' } },
  required: ['approve'],
};

let references = 0;
// Each reference is handed out once: an effect that must run once per call, not once per round.
function nextReference(): string {
  references += 1;
  return `T${references}`;
}

// Transfers made today, across calls: the handler's effect, which must happen exactly once per approved call.
const transfers: Array<{ amount: number; to: string }> = [];

export function build() {
  const server = new McpServer({ name: 'payments', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'send_money',
    { description: 'Send money; large transfers need the user to approve', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      // requestState carries server-computed `reference`: the codec encrypts it, so the client cannot read them.
      type SendMoneyState =
        | { step: 'send_money:start'; call: string }
        | { step: 'send_money:approval'; call: string; reference: string }
        | { step: 'send_money:after_approval'; call: string; reference: string };
      const resumed = ctx.mcpReq.requestState<SendMoneyState>();
      const call = JSON.stringify([{ amount, to }]);
      let state: SendMoneyState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('send_money:') && resumed.call === call ? resumed : { step: 'send_money:start', call };
      if (state.step === 'send_money:start') {
        const reference = nextReference();
        if (amount > 1000) {
          state = { step: 'send_money:approval', call, reference };
        } else {
          console.error(`small transfer ${reference}`);
          state = { step: 'send_money:after_approval', call, reference };
        }
      }
      if (state.step === 'send_money:approval') {
        const { reference } = state;
        const fee = amount > 1000 ? 5 : 0;
        const approvalRequest: ElicitRequestFormParams = {
          message: `Send ${amount} to ${to} (reference ${reference}, fee ${fee})?`,
          requestedSchema: APPROVE,
        };
        const approvalResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'approval');
        if (approvalResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { approval: inputRequired.elicit(approvalRequest) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (approvalResponse.action === 'accept' && approvalResponse.content) {
          const validation = fromJsonSchema(approvalRequest.requestedSchema)['~standard'].validate(approvalResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const approval = { action: approvalResponse.action, content: approvalResponse.content as ElicitResult['content'] };
        if (approval.action !== 'accept' || !approval.content?.approve) {
          return { content: [{ type: 'text', text: `Transfer ${reference} to ${to} cancelled.` }] };
        }
        state = { step: 'send_money:after_approval', call, reference };
      }
      const { reference } = state;
      const fee = amount > 1000 ? 5 : 0;
      transfers.push({ amount, to });
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to} as ${reference} (fee ${fee}); ${transfers.length} transfer(s) today.` }] };
    },
  );

  return server;
}
