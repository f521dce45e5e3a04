import { McpServer, createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, isInputRequiredSignal, step, withAsks } from './mcp-mrtr-runtime.js';
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

let audits = 0;
let runs = 0;

export function effectCounts() {
  return { audits, runs };
}

/**
 * Run a step under an audit record.
 *
 * @param label - what the step is called in the audit log
 * @param work - the step itself, run once
 */
async function audited<T>(label: string, work: () => Promise<T>): Promise<T> {
  await step('audits++', () => audits++);
  try {
    return await work();
  } catch (error) {
    if (isInputRequiredSignal(error)) throw error;
    console.error(`${label} failed`, error);
    throw error;
  }
}

/** The answer, or an error after `ms` milliseconds. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The same, written with the promise's own callbacks. */
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

interface Helpers {
  confirm(message: string): Promise<boolean>;
}

async function runPlan(steps: string[], helpers: Helpers): Promise<string[]> {
  await step('runs++', () => runs++);
  const done: string[] = [];
  for (const s of steps) if (await helpers.confirm(`Run ${s}?`)) done.push(s);
  return done;
}

export function build() {
  const server = new McpServer({ name: 'plans', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool('deploy', { inputSchema: z.object({ target: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ target }) => {
    const ok = await audited('deploy', async () => {
      const answer = await ask.elicitInput({ message: `Deploy to ${target}?`, requestedSchema: CONFIRM });
      return answer.action === 'accept' && answer.content?.ok === true;
    });
    return { content: [{ type: 'text', text: ok ? `deployed ${target}` : 'cancelled' }] };
  }, { name: 'deploy' }));

  server.registerTool('plan', { inputSchema: z.object({ steps: z.array(z.string()) }) }, withAsks(server.server, requestStateCodec, async ({ steps }) => {
    const done = await runPlan(steps, {
      confirm: async (message) => {
        const answer = await ask.elicitInput({ message, requestedSchema: CONFIRM });
        return answer.action === 'accept' && answer.content?.ok === true;
      },
    });
    return { content: [{ type: 'text', text: done.join(', ') || 'nothing' }] };
  }, { name: 'plan' }));

  // The ask's promise is handed to helpers that wait for it: it settles within the round.
  server.registerTool('rename', { inputSchema: z.object({ from: z.string(), to: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ from, to }) => {
    const first = await withTimeout(ask.elicitInput({ message: `Rename ${from}?`, requestedSchema: CONFIRM }), 60_000);
    const second = await settleWithin(ask.elicitInput({ message: `Use ${to}?`, requestedSchema: CONFIRM }), 60_000);
    return { content: [{ type: 'text', text: `${first.action} ${second.action}` }] };
  }, { name: 'rename' }));

  return server;
}
