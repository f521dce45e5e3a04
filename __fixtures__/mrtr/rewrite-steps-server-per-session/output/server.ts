import { McpServer, inputRequired, inputResponse, type ElicitResult, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// One server per session, as Streamable HTTP servers keep them: a known session reuses its server, a new one builds it.
const sessions = new Map<string, McpServer>();
let opened = 0;

function registerTools(server: McpServer): void {
  server.registerTool('rename', { inputSchema: z.object({ from: z.string() }) }, async ({ from }, ctx) => {
    type RenameState =
      | { step: 'rename:named'; call: string }
      | { step: 'rename:sure'; call: string; named: ElicitResult };
    const resumed = ctx.mcpReq.requestState<RenameState>();
    const call = JSON.stringify([{ from }]);
    let state: RenameState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('rename:') && resumed.call === call ? resumed : { step: 'rename:named', call };
    if (state.step === 'rename:named') {
      const namedSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
      const namedResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'named');
      if (namedResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { named: inputRequired.elicit({
            message: `New name for ${from}?`,
            requestedSchema: namedSchema,
          }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (namedResponse.action === 'accept' && namedResponse.content) {
        const validation = fromJsonSchema(namedSchema)['~standard'].validate(namedResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const named = { action: namedResponse.action, content: namedResponse.content as ElicitResult['content'] };
      if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'Kept.' }] };
      state = { step: 'rename:sure', call, named };
    }
    const { named } = state;
    if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'Kept.' }] };
    const to = String(named.content.name);
    const sureRequest: ElicitRequestFormParams = {
      message: `Rename ${from} to ${to}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const sureResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'sure');
    if (sureResponse.kind !== 'elicit') {
      return inputRequired({
        inputRequests: { sure: inputRequired.elicit(sureRequest) },
        requestState: await requestStateCodec.mint(state, ctx),
      });
    }
    if (sureResponse.action === 'accept' && sureResponse.content) {
      const validation = fromJsonSchema(sureRequest.requestedSchema)['~standard'].validate(sureResponse.content);
      if (!(validation instanceof Promise) && validation.issues) {
        const problems = validation.issues.map((issue) => issue.message).join(', ');
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
      }
    }
    const sure = { action: sureResponse.action, content: sureResponse.content as ElicitResult['content'] };
    if (sure.action !== 'accept' || sure.content?.ok !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Renamed ${from} to ${to}.` }] };
  });
}

export function serverFor(session: string): McpServer {
  let server: McpServer;
  const known = sessions.get(session);
  if (known) {
    server = known;
  } else {
    // A new session: its own server, with the tools registered on it.
    server = new McpServer({ name: 'files', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });
    registerTools(server);
    sessions.set(session, server);
  }
  return server;
}

export function build(): McpServer {
  return serverFor(`session-${++opened}`);
}
