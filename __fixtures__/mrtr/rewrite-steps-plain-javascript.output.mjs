import { McpServer, inputRequired, inputResponse, ProtocolError, ProtocolErrorCode, fromJsonSchema, createRequestStateCodec, specTypeSchemas, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
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
    bind: (ctx) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
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
function encryptedState(codec, secret, used) {
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
function usedStatesInMemory() {
  const expiries = new Map();
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
function requestStateSecretOf(value) {
  const fix = 'set it to random bytes (e.g. `openssl rand -base64 32`), the same on every server instance';
  let refused;
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
function entropyBits(text) {
  const chars = [...text];
  const counts = new Map();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= count * Math.log2(count / chars.length);
  return bits;
}

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
