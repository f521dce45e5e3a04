import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const APPROVE = {
  type: 'object' as const,
  properties: { approve: { type: 'boolean' as const } },
  required: ['approve'],
};

// Money sent, across calls: the effect a confirmed call makes exactly once.
const transfers: Array<{ amount: number; to: string }> = [];

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { transfers: transfers.length };
}

export function build() {
  const server = new McpServer({ name: 'payments', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'send_money',
    { description: 'Send money after two approvals', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      type SendMoneyState = { step: 'send_money:approval'; call: string } | { step: 'send_money:second'; call: string };
      const resumed = ctx.mcpReq.requestState<SendMoneyState>();
      const call = JSON.stringify([{ amount, to }]);
      let state: SendMoneyState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('send_money:') && resumed.call === call ? resumed : { step: 'send_money:approval', call };
      if (state.step === 'send_money:approval') {
        const approvalResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'approval');
        if (approvalResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { approval: inputRequired.elicit({ message: `Send ${amount} to ${to}?`, requestedSchema: APPROVE }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (approvalResponse.action === 'accept' && approvalResponse.content) {
          const validation = fromJsonSchema(APPROVE)['~standard'].validate(approvalResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const approval = { action: approvalResponse.action, content: approvalResponse.content as ElicitResult['content'] };
        if (approval.action !== 'accept' || !approval.content?.approve) return { content: [{ type: 'text', text: 'Cancelled.' }] };
        state = { step: 'send_money:second', call };
      }
      const secondResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'second');
      if (secondResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { second: inputRequired.elicit({ message: `Really send ${amount} to ${to}?`, requestedSchema: APPROVE }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (secondResponse.action === 'accept' && secondResponse.content) {
        const validation = fromJsonSchema(APPROVE)['~standard'].validate(secondResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const second = { action: secondResponse.action, content: secondResponse.content as ElicitResult['content'] };
      if (second.action !== 'accept' || !second.content?.approve) return { content: [{ type: 'text', text: 'Cancelled.' }] };
      transfers.push({ amount, to });
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to}; ${transfers.length} transfer(s) so far.` }] };
    },
  );

  return server;
}
