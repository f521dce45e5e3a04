import { McpServer, type ElicitRequestFormParams, inputRequired, inputResponse, type ElicitResult, type CreateMessageResult, type CreateMessageResultWithTools, ProtocolError, ProtocolErrorCode, fromJsonSchema, type CreateMessageRequestParams, createRequestStateCodec, type RequestStateCodec, type ServerContext, specTypeSchemas, SdkError, SdkErrorCode, type SpecTypes } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import * as nodeCrypto from 'node:crypto';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is encrypted
// and signed with MCP_REQUEST_STATE_SECRET (at least 32 random bytes, the same on every server instance), expires, and
// is bound to the request method and the authenticated client. Unset, the server still starts (see requestStateSecretOf).
const requestStateSecret = requestStateSecretOf(process.env.MCP_REQUEST_STATE_SECRET);
// Each state opens once, so a round sent again (replayed, or answered again after its call completed) cannot run
// an effect twice. Several server instances share a store instead of this process's memory (e.g. Redis).
const usedRequestStates = usedStatesInMemory();
const requestStateCodec = encryptedState(
  createRequestStateCodec({
    key: requestStateSecret.key,
    ttlSeconds: 600,
    bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
  }),
  requestStateSecret,
  usedRequestStates,
);

/**
 * Seals every payload with AES-256-GCM before the codec signs it, so the client cannot read what the server
 * carries (earlier answers, values it computed). The key is derived from the same secret under its own label,
 * so it differs from the signing key; a state that does not open is refused like a tampered one, and so is one
 * opened before (`used`). A request that needs a state while the secret is unusable is refused here, with the reason.
 */
function encryptedState(codec: RequestStateCodec, secret: { key: string; refused?: { message: string; always: boolean } }, used: { consume(id: string, ttlSeconds: number): Promise<boolean> }): RequestStateCodec {
  const key = Buffer.from(nodeCrypto.hkdfSync('sha256', secret.key, '', 'mcp-mrtr requestState encryption', 32));
  return {
    async mint(payload, ctx) {
      // A 2025-era request's states never leave this process (the SDK's shim asks the client itself); a 2026-era
      // one (it carries the envelope) over HTTP may come back to another instance, which needs the same key.
      if (secret.refused !== undefined && (secret.refused.always || (ctx?.http !== undefined && ctx.mcpReq.envelope !== undefined))) {
        throw new Error(secret.refused.message);
      }
      const iv = nodeCrypto.randomBytes(12);
      const cipher = nodeCrypto.createCipheriv('aes-256-gcm', key, iv);
      const sealed = [iv, cipher.update(JSON.stringify(payload), 'utf8'), cipher.final(), cipher.getAuthTag()];
      return codec.mint(Buffer.concat(sealed).toString('base64url'), ctx);
    },
    async verify(state, ctx) {
      const sealed = Buffer.from(String(await codec.verify(state, ctx)), 'base64url');
      const decipher = nodeCrypto.createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
      decipher.setAuthTag(sealed.subarray(-16));
      const payload = JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8'));
      // The IV, random for each state and authenticated by the tag, is the state's id.
      if (!(await used.consume(sealed.subarray(0, 12).toString('base64url'), 600))) throw new Error('requestState was already used: each state opens once');
      return payload;
    },
  };
}

/**
 * The states this process has opened, each kept until it expires: consume() is true the first time. One process
 * only: servers that run several instances share a store instead (e.g. Redis `SET key 1 NX EX ttl`).
 */
function usedStatesInMemory(): { consume(id: string, ttlSeconds: number): Promise<boolean> } {
  const expiries = new Map<string, number>();
  return {
    async consume(id, ttlSeconds) {
      const now = Date.now();
      // Ids come in expiry order (one TTL for all), so the expired ones are the oldest: drop them first.
      for (const [old, expiry] of expiries) {
        if (expiry > now) break;
        expiries.delete(old);
      }
      if (expiries.has(id)) return false;
      expiries.set(id, now + ttlSeconds * 1000);
      return true;
    },
  };
}

/**
 * The requestState secret, read once at startup, never fatal there: unset, a random key of this process serves
 * stdio (one process per client) and 2025-era sessions, and a 2026-era request over HTTP that needs a state is
 * refused; too short, guessable or a placeholder, every request that needs a state is refused. One warning on stderr.
 */
function requestStateSecretOf(value: string | undefined): { key: string; refused?: { message: string; always: boolean } } {
  const fix = 'set it to random bytes (e.g. `openssl rand -base64 32`), the same on every server instance';
  let refused: { message: string; always: boolean };
  if (value === undefined || value === '') {
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is not set: 2026-era multi-round requests over HTTP are refused until you ${fix}; over stdio and in 2025-era sessions a random key of this process serves`,
      always: false,
    };
  } else if (new TextEncoder().encode(value).length < 32) {
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is shorter than 32 bytes: multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else if (entropyBits(value) < 80 || /^(.+)\1+$/s.test(value)) {
    // A secret anyone could guess: a word repeated, or little variety (repeated characters).
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is too easy to guess (repeated characters or a repeated word): multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else if (value.replace(/placeholder|production|development|changeme|password|example|replace|default|staging|sample|secret|change|please|before|random|string|server|dummy|token|value|state|super|here|your|this|test|demo|todo|fake|real|with|long|prod|key|mcp|dev|for|the|and|xxx|me|my|it|to|a|[^a-z0-9]/gi, '').length < 16) {
    // Words and separators with little else (`your-secret-here-change-me`): a placeholder left in place.
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is a placeholder (words such as "secret" or "change-me"): multi-round requests are refused until you ${fix}`,
      always: true,
    };
  } else {
    return { key: value };
  }
  console.error(refused.message);
  return { key: nodeCrypto.randomBytes(32).toString('base64'), refused };
}

/** Bits of entropy estimated from character frequencies: low for repeated characters and little variety. */
function entropyBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

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
