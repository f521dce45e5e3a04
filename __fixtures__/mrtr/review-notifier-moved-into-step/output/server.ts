// A URL elicitation whose id is made before the ask becomes a step function; its completion notifier moves into
// the first step with the code around it, and it is left for review: its marker goes above it there.
import { randomUUID } from 'node:crypto';
import { McpServer, type ElicitRequestURLParams, inputRequired, inputResponse, type ElicitResult } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'x', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool(
    'link_account',
    { description: 'Link', inputSchema: z.object({ provider: z.string() }) },
    async ({ provider }, ctx) => {
      // requestState carries server-computed `elicitationId`: the codec encrypts it, so the client cannot read them.
      type LinkAccountState =
        | { step: 'link_account:start'; call: string }
        | { step: 'link_account:ask_link_account'; call: string; elicitationId: ReturnType<typeof randomUUID> };
      const resumed = ctx.mcpReq.requestState<LinkAccountState>();
      const call = JSON.stringify([{ provider }]);
      let state: LinkAccountState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('link_account:') && resumed.call === call ? resumed : { step: 'link_account:start', call };
      if (state.step === 'link_account:start') {
        const elicitationId = randomUUID();
        /* @mcp-mrtr-review completion-notifier: completion notifier: notifications/elicitation/complete no longer exists in 2026-07-28, and the URL ask it belongs to is not rewritten here (or the notifier is not written in that handler) */
        const notifyComplete = server.server.createElicitationCompletionNotifier(elicitationId, {
          relatedRequestId: ctx.mcpReq.id,
        });
        setTimeout(() => void notifyComplete().catch((error) => console.error(error)), 50);
        state = { step: 'link_account:ask_link_account', call, elicitationId };
      }
      const { elicitationId } = state;
      const params: ElicitRequestURLParams = {
        mode: 'url',
        message: `Sign in to ${provider}`,
        url: `https://example.com/oauth/${encodeURIComponent(provider)}/authorize`,
        elicitationId,
      };
      const resultResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'ask_link_account');
      if (resultResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { ask_link_account: inputRequired.elicitUrl(params) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      const result = { action: resultResponse.action, content: resultResponse.content as ElicitResult['content'] };
      return { content: [{ type: 'text', text: result.action === 'accept' ? `linked ${provider}` : `link ${result.action}` }] };
    },
  );
  return server;
}
