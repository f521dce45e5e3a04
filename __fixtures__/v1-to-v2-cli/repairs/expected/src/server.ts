// What the official v1-to-v2 codemod breaks on real servers (issue 18): an import it removes while the code still
// uses it (experimental tasks), a handler context not named `extra` (its v1 members stay), and tools listed through
// zod-to-json-schema under a zod raised to 4.
import { ElicitResultSchema } from '@modelcontextprotocol/core';
import { Server, createRequestStateCodec, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { ask, withAsks } from './mcp-mrtr-runtime.js';
import * as nodeCrypto from 'node:crypto';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is encrypted
// and signed with MCP_REQUEST_STATE_SECRET (at least 32 random bytes, the same on every server instance), expires, and
// is bound to the request method and the authenticated client. Unset, the server still starts (see requestStateSecretOf).
const requestStateSecret = requestStateSecretOf(process.env.MCP_REQUEST_STATE_SECRET);
const requestStateCodec = encryptedState(
  createRequestStateCodec({
    key: requestStateSecret.key,
    ttlSeconds: 600,
    bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
  }),
  requestStateSecret,
);

/**
 * Seals every payload with AES-256-GCM before the codec signs it, so the client cannot read what the server
 * carries (earlier answers, values it computed). The key is derived from the same secret under its own label,
 * so it differs from the signing key; a state that does not open is refused like a tampered one. A request that
 * needs a state while the secret is unusable is refused here, with the reason.
 */
function encryptedState(codec: RequestStateCodec, secret: { key: string; refused?: { message: string; always: boolean } }): RequestStateCodec {
  const key = Buffer.from(nodeCrypto.hkdfSync('sha256', secret.key, '', 'mcp-mrtr requestState encryption', 32));
  return {
    async mint(payload, ctx) {
      if (secret.refused !== undefined && (secret.refused.always || ctx?.http !== undefined)) {
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
      return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(12, -16)), decipher.final()]).toString('utf8'));
    },
  };
}

/**
 * The requestState secret, read once at startup, never fatal there: unset, a random key of this process serves
 * stdio (one process per client) and a request over HTTP that needs a state is refused; too short or guessable,
 * every request that needs a state is refused. Either way one warning on stderr.
 */
function requestStateSecretOf(value: string | undefined): { key: string; refused?: { message: string; always: boolean } } {
  const fix = 'set it to random bytes (e.g. `openssl rand -base64 32`), the same on every server instance';
  let refused: { message: string; always: boolean };
  if (value === undefined || value === '') {
    refused = {
      message: `MCP_REQUEST_STATE_SECRET is not set: multi-round requests over HTTP are refused until you ${fix}; over stdio a random key of this process serves`,
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

const notes: Record<string, string> = { '1': 'Buy milk, eggs and bread before the shop closes at six.' };

const DeleteArgs = z.object({ id: z.string().describe('The note to delete') });
const CountArgs = z.object({ status: z.enum(['working', 'completed']).optional() });

// Task records kept in the v1 SDK's experimental store (it has no v2 equivalent).
const taskStore = new InMemoryTaskStore();

const text = (value: string): CallToolResult => ({ content: [{ type: 'text', text: value }] });

export function build(): Server {
  const server = new Server({ name: 'notes-repairs', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify }, capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async () => ({
    tools: [
      {
        name: 'delete_note',
        description: 'Delete a note after confirmation',
        inputSchema: z.toJSONSchema(DeleteArgs, { target: 'draft-7' }) as { type: 'object' },
      },
      {
        name: 'count_tasks',
        description: 'Count the recorded tasks',
        inputSchema: z.toJSONSchema(CountArgs, { target: 'draft-7' }) as { type: 'object' },
      },
    ],
  }));

  server.setRequestHandler('tools/call', withAsks(server, requestStateCodec, async (request, context) => {
    if (request.params.name === 'count_tasks') {
      const { tasks } = await taskStore.listTasks();
      return text(`${tasks.length} tasks`);
    }
    const { id } = DeleteArgs.parse(request.params.arguments);
    if (!(id in notes)) return { ...text(`No note ${id}`), isError: true };
    const answer = await ask.request(
      {
        method: 'elicitation/create',
        params: {
          message: `Delete note ${id}?`,
          requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
        },
      },
      ElicitResultSchema,
    );
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return text('Kept.');
    delete notes[id];
    return text(`Deleted note ${id}.`);
  }));

  return server;
}
