import { Server, inputRequired, inputResponse, type ElicitResult, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const WHO = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };
const WHY = { type: 'object' as const, properties: { reason: { type: 'string' as const } }, required: ['reason'] };

// Security tickets: reading one asks who reads it and why, and the answers go into its access log.
const TICKETS: Record<string, string> = {
  'tickets://SEC-7': 'Rotate the signing keys.',
  'tickets://SEC-7-other': 'Audit the admin accounts.',
};

export function build() {
  const server = new Server({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { resources: {} } });

  server.setRequestHandler('resources/read', async ({ params: { uri } }, ctx) => {
    type ResourcesReadState =
      | { step: 'resources_read:who'; call: string }
      | { step: 'resources_read:why'; call: string; who: ElicitResult };
    const resumed = ctx.mcpReq.requestState<ResourcesReadState>();
    const call = JSON.stringify([{ params: { uri } }]);
    let state: ResourcesReadState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('resources_read:') && resumed.call === call ? resumed : { step: 'resources_read:who', call };
    if (state.step === 'resources_read:who') {
      const whoResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'who');
      if (whoResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { who: inputRequired.elicit({ message: `Who reads ${uri}?`, requestedSchema: WHO }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (whoResponse.action === 'accept' && whoResponse.content) {
        const validation = fromJsonSchema(WHO)['~standard'].validate(whoResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const who = { action: whoResponse.action, content: whoResponse.content as ElicitResult['content'] };
      if (who.action !== 'accept') return { contents: [{ uri, text: 'Not read.' }] };
      state = { step: 'resources_read:why', call, who };
    }
    const { who } = state;
    if (who.action !== 'accept') return { contents: [{ uri, text: 'Not read.' }] };
    const whyResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'why');
    if (whyResponse.kind !== 'elicit') {
      return inputRequired({
        inputRequests: { why: inputRequired.elicit({ message: `Why does ${String(who.content?.name)} read it?`, requestedSchema: WHY }) },
        requestState: await requestStateCodec.mint(state, ctx),
      });
    }
    if (whyResponse.action === 'accept' && whyResponse.content) {
      const validation = fromJsonSchema(WHY)['~standard'].validate(whyResponse.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const why = { action: whyResponse.action, content: whyResponse.content as ElicitResult['content'] };
    if (why.action !== 'accept') return { contents: [{ uri, text: 'Not read.' }] };
    const text = TICKETS[uri] ?? 'No such ticket.';
    return { contents: [{ uri, text: `${text} (read by ${String(who.content?.name)}: ${String(why.content?.reason)})` }] };
  });

  return server;
}
