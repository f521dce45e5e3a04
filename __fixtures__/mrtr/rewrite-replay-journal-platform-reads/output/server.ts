import { McpServer, createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createModuleLogger } from './logger.js';
import { fetchCount, openNotes } from './notes.js';
import { ask, step, withAsks } from './mcp-mrtr-runtime.js';
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

const CONFIRM = { type: 'object' as const, properties: { ok: { type: 'boolean' as const } }, required: ['ok'] };

let published = 0;
let checks = 0;

/** Whether confirmations are on (counted: a check the service bills). */
function confirmationsOn(): boolean {
  checks++;
  return true;
}

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { fetched: fetchCount(), published, checks };
}

export function build() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('publish', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    // A logger, the settings module and a client: made again on each round, as each call made them.
    const logger = createModuleLogger(import.meta.url);
    const { defaults } = await import('./defaults.js');
    const notes = openNotes({ url: defaults.url, token: defaults.token });
    const note = await step('notes.read', () => notes.read(id));
    // Only the check is an effect: the client it is paired with stays in the condition.
    if (await step('confirmationsOn', () => confirmationsOn()) && notes) {
      const answer = await ask.elicitInput({
        message: `Publish "${note.title}" (${note.words} words)?`,
        requestedSchema: CONFIRM,
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true) {
        logger.warn(`not publishing ${id}`);
        return { content: [{ type: 'text', text: 'kept as a draft' }] };
      }
    }
    published++;
    logger.info(`published ${id}`);
    return { content: [{ type: 'text', text: `published ${note.title}` }] };
  }, { name: 'publish' }));

  return server;
}
