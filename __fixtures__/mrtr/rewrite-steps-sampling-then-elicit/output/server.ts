import { McpServer, inputRequired, inputResponse, type CreateMessageResult, type CreateMessageResultWithTools, type CreateMessageRequestParams, type ElicitRequestFormParams, ProtocolError, ProtocolErrorCode, fromJsonSchema, type ElicitResult, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
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

const KEEP = {
  type: 'object' as const,
  properties: { keep: { type: 'boolean' as const, title: 'Use this summary' } },
  required: ['keep'],
};

export function build() {
  const server = new McpServer({ name: 'support-desk', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'summarize_ticket',
    { description: "Summarize a ticket with the client's model; a short (unsure) summary is confirmed by the user", inputSchema: z.object({ text: z.string() }) },
    async ({ text }, ctx) => {
      type SummarizeTicketState =
        | { step: 'summarize_ticket:summary'; call: string }
        | { step: 'summarize_ticket:check'; call: string; summary: (CreateMessageResult | CreateMessageResultWithTools) }
        | { step: 'summarize_ticket:after_check'; call: string; summary: (CreateMessageResult | CreateMessageResultWithTools) };
      const resumed = ctx.mcpReq.requestState<SummarizeTicketState>();
      const call = JSON.stringify([{ text }]);
      let state: SummarizeTicketState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('summarize_ticket:') && resumed.call === call ? resumed : { step: 'summarize_ticket:summary', call };
      if (state.step === 'summarize_ticket:summary') {
        const summaryRequest: CreateMessageRequestParams = {
          messages: [{ role: 'user', content: { type: 'text', text: `Summarize this ticket in one sentence:\n${text}` } }],
          maxTokens: 120,
        };
        const summaryResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'summary');
        if (summaryResponse.kind !== 'sampling') {
          return inputRequired({
            inputRequests: { summary: inputRequired.createMessage(summaryRequest) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        const summary = checkedAnswer('CreateMessageResult', summaryResponse.result);
        const draft: string = !Array.isArray(summary.content) && summary.content.type === 'text' ? summary.content.text.trim() : '';
        // A very short summary means the model was unsure: the user decides whether to keep it.
        if (draft.length < 25) {
          state = { step: 'summarize_ticket:check', call, summary };
        } else {
          state = { step: 'summarize_ticket:after_check', call, summary };
        }
      }
      if (state.step === 'summarize_ticket:check') {
        const { summary } = state;
        const draft: string = !Array.isArray(summary.content) && summary.content.type === 'text' ? summary.content.text.trim() : '';
        const checkRequest: ElicitRequestFormParams = {
          message: `The model's summary is short: "${draft}". Use it anyway?`,
          requestedSchema: KEEP,
        };
        const checkResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'check');
        if (checkResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { check: inputRequired.elicit(checkRequest) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (checkResponse.action === 'accept' && checkResponse.content) {
          const validation = fromJsonSchema(checkRequest.requestedSchema)['~standard'].validate(checkResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const check = { action: checkResponse.action, content: checkResponse.content as ElicitResult['content'] };
        if (check.action !== 'accept' || check.content?.keep !== true) {
          return { content: [{ type: 'text', text: `Summary discarded (${check.action}).` }] };
        }
        state = { step: 'summarize_ticket:after_check', call, summary };
      }
      const { summary } = state;
      const draft: string = !Array.isArray(summary.content) && summary.content.type === 'text' ? summary.content.text.trim() : '';
      return { content: [{ type: 'text', text: `Summary by ${summary.model}: ${draft}` }] };
    },
  );

  return server;
}
