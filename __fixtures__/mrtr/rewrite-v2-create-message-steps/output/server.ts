import { McpServer, inputRequired, inputResponse, type CreateMessageResult, type CreateMessageRequestParams, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { sharedRequestStateCodec } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

/** A sampling or roots answer, parsed as the old createMessage / listRoots parsed the client's result. */
function checkedAnswer<T extends 'CreateMessageResult' | 'CreateMessageResultWithTools' | 'ListRootsResult'>(type: T, answer: unknown): SpecTypes[T] {
  const validation = specTypeSchemas[type]['~standard'].validate(answer);
  if (validation.issues) {
    const problems = validation.issues.map((issue) => issue.message).join(', ');
    throw new SdkError(SdkErrorCode.InvalidResult, type === 'ListRootsResult' ? `Invalid result for roots/list: ${problems}` : `Invalid sampling/createMessage result: ${problems}`);
  }
  return validation.value as SpecTypes[T];
}

// A draft from the client model, then a confirmation that shows it: a step function whose state carries the
// sampling answer, typed as the old call returned it (one content block).
export function build() {
  const server = new McpServer({ name: 'haiku', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'haiku',
    { description: 'Draft a haiku and keep it if the user likes it', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx) => {
      type HaikuState =
        | { step: 'haiku:sample_haiku'; call: string }
        | { step: 'haiku:verdict'; call: string; reply: CreateMessageResult };
      const resumed = ctx.mcpReq.requestState<HaikuState>();
      const call = JSON.stringify([{ topic }]);
      let state: HaikuState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('haiku:') && resumed.call === call ? resumed : { step: 'haiku:sample_haiku', call };
      if (state.step === 'haiku:sample_haiku') {
        const replyRequest: CreateMessageRequestParams = {
          messages: [{ role: 'user', content: { type: 'text', text: `A haiku about ${topic}` } }],
          maxTokens: 100,
        };
        const replyResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'sample_haiku');
        if (replyResponse.kind !== 'sampling') {
          return inputRequired({
            inputRequests: { sample_haiku: inputRequired.createMessage(replyRequest) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        const reply = checkedAnswer('CreateMessageResult', replyResponse.result);
        state = { step: 'haiku:verdict', call, reply };
      }
      const { reply } = state;
      const draft = reply.content.type === 'text' ? reply.content.text : '(no text)';
      const verdictRequest: ElicitRequestFormParams = {
        message: `Keep this haiku?\n\n${draft}`,
        requestedSchema: { type: 'object', properties: { keep: { type: 'boolean', title: 'Keep' } }, required: ['keep'] },
      };
      const verdictResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'verdict');
      if (verdictResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { verdict: inputRequired.elicit(verdictRequest) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (verdictResponse.action === 'accept' && verdictResponse.content) {
        const validation = fromJsonSchema(verdictRequest.requestedSchema)['~standard'].validate(verdictResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const verdict = { action: verdictResponse.action, content: verdictResponse.content as ElicitResult['content'] };
      if (verdict.action !== 'accept' || !verdict.content?.keep) return { content: [{ type: 'text', text: 'Dropped.' }] };
      return { content: [{ type: 'text', text: reply.content.type === 'text' ? reply.content.text : '?' }], structuredContent: { model: reply.model } };
    },
  );

  return server;
}
