import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
// A secret anyone could guess is refused too: a word repeated, or little variety (repeated characters).
if (entropyBits(requestStateSecret) < 80 || /^(.+)\1+$/s.test(requestStateSecret)) {
  throw new Error('MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): set it to random bytes, e.g. the output of `openssl rand -base64 32`');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

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
      // requestState is signed, not encrypted: the client can read `reference` in it.
      type SendMoneyState =
        | { step: 'send_money:start'; call: string }
        | { step: 'send_money:approval'; call: string; reference: string }
        | { step: 'send_money:after_approval'; call: string; reference: string };
      const resumed = ctx.mcpReq.requestState<SendMoneyState>();
      const call = JSON.stringify([{ amount, to }]);
      let state: SendMoneyState = resumed && resumed.step.startsWith('send_money:') && resumed.call === call ? resumed : { step: 'send_money:start', call };
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
        const approvalResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'approval');
        if (approvalResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { approval: inputRequired.elicit({
              message: `Send ${amount} to ${to} (reference ${reference}, fee ${fee})?`,
              requestedSchema: APPROVE,
            }) },
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
