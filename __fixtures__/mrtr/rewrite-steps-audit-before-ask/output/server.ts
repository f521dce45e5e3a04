import { McpServer, inputRequired, inputResponse, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const db = {
  entries: [] as string[],
  async log(entry: string): Promise<void> {
    this.entries.push(`${new Date().toISOString()} ${entry}`);
  },
};

export function build() {
  const server = new McpServer({ name: 'accounts', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'close_account',
    { description: 'Close a customer account', inputSchema: z.object({ account: z.string() }) },
    async ({ account }, ctx) => {
      type CloseAccountState =
        | { step: 'close_account:start'; call: string }
        | { step: 'close_account:ask_close_account'; call: string };
      const resumed = ctx.mcpReq.requestState<CloseAccountState>();
      const call2 = JSON.stringify([{ account }]);
      let state: CloseAccountState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('close_account:') && resumed.call === call2 ? resumed : { step: 'close_account:start', call: call2 };
      if (state.step === 'close_account:start') {
        // An audit entry before the ask: it must be written once per call, not once per round.
        await db.log(`close requested for ${account}`);
        state = { step: 'close_account:ask_close_account', call: call2 };
      }
      const answerRequest: ElicitRequestFormParams = {
        message: `Close account ${account}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answerResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'ask_close_account');
      if (answerResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { ask_close_account: inputRequired.elicit(answerRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (answerResponse.action === 'accept' && answerResponse.content) {
        const validation = fromJsonSchema(answerRequest.requestedSchema)['~standard'].validate(answerResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const answer = { action: answerResponse.action, content: answerResponse.content as ElicitResult['content'] };
      if (answer.action !== 'accept' || answer.content?.confirm !== true) {
        return { content: [{ type: 'text', text: 'Account kept open.' }] };
      }
      return { content: [{ type: 'text', text: `Account ${account} closed.` }] };
    },
  );

  return server;
}
