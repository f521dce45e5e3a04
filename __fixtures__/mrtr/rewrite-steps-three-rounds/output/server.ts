import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, type ElicitResult, type CreateMessageResult, type CreateMessageResultWithTools, ProtocolError, ProtocolErrorCode, fromJsonSchema, type CreateMessageRequestParams, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
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

const NAME: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
};

export function build() {
  const server = new McpServer({ name: 'projects', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // Three rounds: a name, a template chosen by the client's model, then the workspace roots.
  server.registerTool(
    'create_project',
    { description: 'Create a project in three steps', inputSchema: z.object({ team: z.string() }) },
    async ({ team }, ctx) => {
      type CreateProjectState =
        | { step: 'create_project:named'; call: string }
        | { step: 'create_project:suggestion'; call: string; named: ElicitResult }
        | { step: 'create_project:roots'; call: string; named: ElicitResult; suggestion: (CreateMessageResult | CreateMessageResultWithTools) };
      const resumed = ctx.mcpReq.requestState<CreateProjectState>();
      const call = JSON.stringify([{ team }]);
      let state: CreateProjectState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('create_project:') && resumed.call === call ? resumed : { step: 'create_project:named', call };
      if (state.step === 'create_project:named') {
        const namedResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'named');
        if (namedResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { named: inputRequired.elicit({ message: `Name the new project of ${team}`, requestedSchema: NAME }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (namedResponse.action === 'accept' && namedResponse.content) {
          const validation = fromJsonSchema(NAME)['~standard'].validate(namedResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const named = { action: namedResponse.action, content: namedResponse.content as ElicitResult['content'] };
        if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'No project created.' }] };
        state = { step: 'create_project:suggestion', call, named };
      }
      if (state.step === 'create_project:suggestion') {
        const { named } = state;
        if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'No project created.' }] };
        const name = String(named.content.name).trim();
        const suggestionRequest: CreateMessageRequestParams = {
          messages: [{ role: 'user', content: { type: 'text', text: `Suggest a template for a project called ${name}` } }],
          maxTokens: 50,
        };
        const suggestionResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'suggestion');
        if (suggestionResponse.kind !== 'sampling') {
          return inputRequired({
            inputRequests: { suggestion: inputRequired.createMessage(suggestionRequest) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        const suggestion = checkedAnswer('CreateMessageResult', suggestionResponse.result);
        state = { step: 'create_project:roots', call, named, suggestion };
      }
      const { named, suggestion } = state;
      if (named.action !== 'accept' || !named.content) return { content: [{ type: 'text', text: 'No project created.' }] };
      const name = String(named.content.name).trim();
      const template: string = !Array.isArray(suggestion.content) && suggestion.content.type === 'text' ? suggestion.content.text : 'blank';
      const rootsResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'roots');
      if (rootsResponse.kind !== 'roots') {
        return inputRequired({
          inputRequests: { roots: inputRequired.listRoots() },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      const { roots } = checkedAnswer('ListRootsResult', { roots: rootsResponse.roots });
      const where = roots.length > 0 ? roots[0].uri : 'file:///tmp';
      return { content: [{ type: 'text', text: `Created ${name} for ${team} from ${template} in ${where}.` }] };
    },
  );

  // A prompt that asks twice: the topic, then the tone for that topic.
  server.registerPrompt(
    'draft_post',
    { description: 'Draft a post after two questions' },
    async (ctx) => {
      type DraftPostState =
        | { step: 'draft_post:topic'; call: string }
        | { step: 'draft_post:tone'; call: string; topic: ElicitResult };
      const resumed = ctx.mcpReq.requestState<DraftPostState>();
      const call = JSON.stringify([]);
      let state: DraftPostState = resumed && typeof resumed.step === 'string' && resumed.step.startsWith('draft_post:') && resumed.call === call ? resumed : { step: 'draft_post:topic', call };
      if (state.step === 'draft_post:topic') {
        const topicSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] };
        const topicResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'topic');
        if (topicResponse.kind !== 'elicit') {
          return inputRequired({
            inputRequests: { topic: inputRequired.elicit({ message: 'What is the post about?', requestedSchema: topicSchema }) },
            requestState: await requestStateCodec.mint(state, ctx),
          });
        }
        if (topicResponse.action === 'accept' && topicResponse.content) {
          const validation = fromJsonSchema(topicSchema)['~standard'].validate(topicResponse.content);
          if (!(validation instanceof Promise) && validation.issues) {
            const problems = validation.issues.map((issue) => issue.message).join(', ');
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
          }
        }
        const topic = { action: topicResponse.action, content: topicResponse.content as ElicitResult['content'] };
        state = { step: 'draft_post:tone', call, topic };
      }
      const { topic } = state;
      const subject = topic.action === 'accept' && topic.content ? String(topic.content.topic) : 'news';
      const toneSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { tone: { type: 'string' } } };
      const toneResponse = inputResponse(state === resumed ? ctx.mcpReq.inputResponses : undefined, 'tone');
      if (toneResponse.kind !== 'elicit') {
        return inputRequired({
          inputRequests: { tone: inputRequired.elicit({ message: `Which tone for a post about ${subject}?`, requestedSchema: toneSchema }) },
          requestState: await requestStateCodec.mint(state, ctx),
        });
      }
      if (toneResponse.action === 'accept' && toneResponse.content) {
        const validation = fromJsonSchema(toneSchema)['~standard'].validate(toneResponse.content);
        if (!(validation instanceof Promise) && validation.issues) {
          const problems = validation.issues.map((issue) => issue.message).join(', ');
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Elicitation response content does not match requested schema: ${problems}`);
        }
      }
      const tone = { action: toneResponse.action, content: toneResponse.content as ElicitResult['content'] };
      const style = tone.action === 'accept' && tone.content?.tone ? String(tone.content.tone) : 'neutral';
      return { messages: [{ role: 'user', content: { type: 'text', text: `Write a ${style} post about ${subject}.` } }] };
    },
  );

  return server;
}
