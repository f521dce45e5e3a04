import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, specTypeSchemas, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.mjs';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.mjs).
const requestStateCodec = sharedRequestStateCodec();

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer(type, answer) {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value;
}

const LANGUAGE = { type: 'object', properties: { language: { type: 'string', enum: ['en', 'fr', 'de'] } }, required: ['language'] };

export function build() {
  const server = new McpServer({ name: 'translator', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'translate_doc',
    { description: 'Translate a document: pick the language, then approve the draft', inputSchema: z.object({ doc: z.string() }) },
    async ({ doc }, ctx) => {
      // requestState carries server-computed `started`: the codec encrypts it, so the client cannot read them.
      const resumed = ctx.mcpReq.requestState();
      const call = JSON.stringify([{ doc }]);
      let state = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('translate_doc:') && resumed.call === call ? resumed : { step: 'translate_doc:picked', call };
      if (state.step === 'translate_doc:picked') {
        const pickedResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'picked');
        if (pickedResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { picked: inputRequired.elicit({ message: `Translate ${doc} into which language?`, requestedSchema: LANGUAGE }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (pickedResponse.action === 'accept' && pickedResponse.content) {
          const validation = fromJsonSchema(LANGUAGE)['~standard'].validate(pickedResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const picked = { action: pickedResponse.action, content: pickedResponse.content };
        if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing translated.' }] }
        const started = new Date('2026-11-30T10:00:00Z')
        state = { step: 'translate_doc:draft', call, picked, started: started.toISOString() };
      }
      const { picked } = state;
      const started = new Date(state.started);
      if (picked.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing translated.' }] }
      const language = String(picked.content.language)
      const draftRequest = {
        messages: [{ role: 'user', content: { type: 'text', text: `Translate ${doc} into ${language}` } }],
        maxTokens: 200,
      };
      const draftResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'draft');
      if (draftResponse.kind !== 'sampling') {
        return inputRequired({
          inputRequests: { draft: inputRequired.createMessage(draftRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      const draft = checkedAnswer('CreateMessageResult', draftResponse.result);
      const text = draft.content.type === 'text' ? draft.content.text : ''
      return { content: [{ type: 'text', text: `${doc} in ${language} (started ${started.toISOString()}): ${text}` }] }
    },
  )

  return server
}
