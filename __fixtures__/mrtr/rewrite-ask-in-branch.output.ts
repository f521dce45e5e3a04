import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

export function build() {
  const server = new McpServer({ name: 'branches', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'force_push',
    { description: 'Force-push a branch', inputSchema: z.object({ branch: z.string(), yes: z.boolean().default(false) }) },
    async ({ branch, yes }, ctx) => {
      type ForcePushState =
        | { step: 'force_push:start' }
        | { step: 'force_push:ask_force_push' }
        | { step: 'force_push:after_ask_force_push' };
      const resumed = ctx.mcpReq.requestState<ForcePushState>();
      let state: ForcePushState = resumed && resumed.step.startsWith('force_push:') ? resumed : { step: 'force_push:start' };
      if (state.step === 'force_push:start') {
        if (!yes) {
          state = { step: 'force_push:ask_force_push' };
        } else {
          state = { step: 'force_push:after_ask_force_push' };
        }
      }
      if (state.step === 'force_push:ask_force_push') {
        const askForcePushSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] };
        const answerResponse = inputResponse(ctx.mcpReq.inputResponses, 'ask_force_push');
        if (answerResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { ask_force_push: inputRequired.elicit({
              message: `Force-push ${branch}? Remote commits may be lost.`,
              requestedSchema: askForcePushSchema,
            }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (answerResponse.action === 'accept' && answerResponse.content) {
          const validation = fromJsonSchema(askForcePushSchema)['~standard'].validate(answerResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const answer = { action: answerResponse.action, content: answerResponse.content as ElicitResult['content'] };
        if (answer.action !== 'accept' || answer.content?.confirm !== true) {
          return { content: [{ type: 'text', text: 'Push cancelled.' }] };
        }
        state = { step: 'force_push:after_ask_force_push' };
      }
      return { content: [{ type: 'text', text: `Force-pushed ${branch}.` }] };
    },
  );

  return server;
}
