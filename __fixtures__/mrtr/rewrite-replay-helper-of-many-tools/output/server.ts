import { McpServer, createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, withAsks } from './mcp-mrtr-runtime.js';
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

export function build() {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // Every tool works in the client's first root: one helper asks for the roots, and more tools call it than the
  // analysis keeps chains for (twenty), each of them a tool.
  async function workspaceOf(): Promise<string> {
    const { roots } = await ask.listRoots();
    return roots[0]?.uri ?? 'no workspace';
  }

  server.registerTool(
    'list_notes',
    { description: 'Run list_notes in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `list_notes ${name} in ${workspace}` }] };
    }, { name: 'list_notes' }),
  );

  server.registerTool(
    'read_note',
    { description: 'Run read_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `read_note ${name} in ${workspace}` }] };
    }, { name: 'read_note' }),
  );

  server.registerTool(
    'find_note',
    { description: 'Run find_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `find_note ${name} in ${workspace}` }] };
    }, { name: 'find_note' }),
  );

  server.registerTool(
    'count_notes',
    { description: 'Run count_notes in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `count_notes ${name} in ${workspace}` }] };
    }, { name: 'count_notes' }),
  );

  server.registerTool(
    'tag_note',
    { description: 'Run tag_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `tag_note ${name} in ${workspace}` }] };
    }, { name: 'tag_note' }),
  );

  server.registerTool(
    'untag_note',
    { description: 'Run untag_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `untag_note ${name} in ${workspace}` }] };
    }, { name: 'untag_note' }),
  );

  server.registerTool(
    'pin_note',
    { description: 'Run pin_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `pin_note ${name} in ${workspace}` }] };
    }, { name: 'pin_note' }),
  );

  server.registerTool(
    'unpin_note',
    { description: 'Run unpin_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unpin_note ${name} in ${workspace}` }] };
    }, { name: 'unpin_note' }),
  );

  server.registerTool(
    'star_note',
    { description: 'Run star_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `star_note ${name} in ${workspace}` }] };
    }, { name: 'star_note' }),
  );

  server.registerTool(
    'unstar_note',
    { description: 'Run unstar_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unstar_note ${name} in ${workspace}` }] };
    }, { name: 'unstar_note' }),
  );

  server.registerTool(
    'archive_note',
    { description: 'Run archive_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `archive_note ${name} in ${workspace}` }] };
    }, { name: 'archive_note' }),
  );

  server.registerTool(
    'restore_note',
    { description: 'Run restore_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `restore_note ${name} in ${workspace}` }] };
    }, { name: 'restore_note' }),
  );

  server.registerTool(
    'rename_note',
    { description: 'Run rename_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `rename_note ${name} in ${workspace}` }] };
    }, { name: 'rename_note' }),
  );

  server.registerTool(
    'copy_note',
    { description: 'Run copy_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `copy_note ${name} in ${workspace}` }] };
    }, { name: 'copy_note' }),
  );

  server.registerTool(
    'move_note',
    { description: 'Run move_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `move_note ${name} in ${workspace}` }] };
    }, { name: 'move_note' }),
  );

  server.registerTool(
    'share_note',
    { description: 'Run share_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `share_note ${name} in ${workspace}` }] };
    }, { name: 'share_note' }),
  );

  server.registerTool(
    'unshare_note',
    { description: 'Run unshare_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unshare_note ${name} in ${workspace}` }] };
    }, { name: 'unshare_note' }),
  );

  server.registerTool(
    'lock_note',
    { description: 'Run lock_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `lock_note ${name} in ${workspace}` }] };
    }, { name: 'lock_note' }),
  );

  server.registerTool(
    'unlock_note',
    { description: 'Run unlock_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `unlock_note ${name} in ${workspace}` }] };
    }, { name: 'unlock_note' }),
  );

  server.registerTool(
    'touch_note',
    { description: 'Run touch_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `touch_note ${name} in ${workspace}` }] };
    }, { name: 'touch_note' }),
  );

  server.registerTool(
    'stat_note',
    { description: 'Run stat_note in the workspace the client has open', inputSchema: z.object({ name: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ name }) => {
      const workspace = await workspaceOf();
      return { content: [{ type: 'text', text: `stat_note ${name} in ${workspace}` }] };
    }, { name: 'stat_note' }),
  );

  return server;
}
