// The stores of used states behind single use: the in-memory one of the runtime module the codemod writes (true the first
// time, false after, entries dropped once their state has expired), and the Redis adapter docs/safety.md gives servers
// that run several instances, run against a real redis-server (`SET key 1 NX EX ttl`; Debian package redis-server).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ts } from '../lib/tsMorph.cjs';
import type { ServerContext } from '@modelcontextprotocol/server';
import { sharedRequestStateCodec, usedStatesInMemory } from '../transforms/mrtr/replay/runtime/mcp-mrtr-runtime.js';
import { REDIS_USED_STATES_SOURCE } from '../transforms/mrtr/rewrite/kit/usedStates.js';
import { REPO_ROOT } from './support/fixtures.js';

interface UsedStates {
  consume(id: string, ttlSeconds: number): Promise<boolean>;
}

/** TypeScript source declaring `name`, as JavaScript, evaluated: the function it declares. */
function evaluate<T>(source: string, name: string): T {
  const js = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  return new Function(`${js}\nreturn ${name};`)() as T;
}

describe('the in-memory store of used states', () => {
  const inMemory = (): UsedStates => usedStatesInMemory();

  it('is true for the first use of an id only', async () => {
    const store = inMemory();
    expect(await store.consume('a', 600)).toBe(true);
    expect(await store.consume('a', 600)).toBe(false);
    expect(await store.consume('b', 600)).toBe(true);
    expect(await store.consume('a', 600)).toBe(false);
    // Another store (another process) knows nothing of these.
    expect(await inMemory().consume('a', 600)).toBe(true);
  });

  it('forgets an id once its state has expired (memory holds one TTL of states), not before', async () => {
    const store = inMemory();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    try {
      await store.consume('old', 600);
      clock.mockReturnValue(now + 300_000);
      await store.consume('newer', 600);
      clock.mockReturnValue(now + 599_000);
      expect(await store.consume('old', 600)).toBe(false);
      clock.mockReturnValue(now + 600_001);
      // `old` has expired (its state is refused by the codec anyway): dropped; `newer` is kept.
      expect(await store.consume('old', 600)).toBe(true);
      expect(await store.consume('newer', 600)).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });
});

const REDIS = spawnSync('redis-server', ['--version']).status === 0;

describe("the runtime's codec", () => {
  it('is one per process: every file that asks for it gets the same codec, and a state opens once across them', async () => {
    const saved = process.env.MCP_REQUEST_STATE_SECRET;
    process.env.MCP_REQUEST_STATE_SECRET = '7f3c9a1e5b2d48f6a0c3e9b7d1f5a2c84e6b0d3f9a7c1e5b';
    try {
      // Two server files of one project, each with its `const requestStateCodec = sharedRequestStateCodec();`.
      const inServerFile = sharedRequestStateCodec();
      const inToolsFile = sharedRequestStateCodec();
      expect(inToolsFile).toBe(inServerFile);
      const ctx = { mcpReq: { method: 'tools/call' } } as unknown as ServerContext;
      const state = await inServerFile.mint({ step: 'pay:confirm' }, ctx);
      expect(await inToolsFile.verify(state, ctx)).toEqual({ step: 'pay:confirm' });
      await expect(inServerFile.verify(state, ctx)).rejects.toThrow(/already used/);
    } finally {
      if (saved === undefined) delete process.env.MCP_REQUEST_STATE_SECRET;
      else process.env.MCP_REQUEST_STATE_SECRET = saved;
    }
  });
});

describe.skipIf(!REDIS)('the Redis adapter against a real redis-server (apt-get install redis-server)', () => {
  let server: ChildProcess;
  let dir: string;
  let socket: string;

  beforeAll(async () => {
    // A unix socket of our own (no TCP port to race for), no persistence; ready when the server says so.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-redis-'));
    socket = path.join(dir, 'redis.sock');
    server = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no']);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/ready to accept connections/i.test(out)) resolve();
      });
      server.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
    });
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill();
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One Redis command over RESP on a fresh connection: its reply (a status, an integer, a bulk string or null). */
  function send(command: string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const connection = net.createConnection(socket);
      let reply = '';
      connection.on('data', (chunk) => {
        reply += chunk.toString();
        const lines = reply.split('\r\n');
        const head = lines[0]!;
        // The first line is whole; a bulk string's body follows it on the next one.
        if (lines.length < 2 || (head.startsWith('$') && head !== '$-1' && lines.length < 3)) return;
        connection.end();
        const [kind, rest] = [head[0], head.slice(1)];
        if (kind === '+') resolve(rest);
        else if (kind === ':') resolve(Number(rest));
        else if (kind === '-') reject(new Error(rest));
        else resolve(head === '$-1' ? null : lines[1]);
      });
      connection.on('error', reject);
      const parts = command.map((part) => `$${Buffer.byteLength(part)}\r\n${part}\r\n`);
      connection.write(`*${command.length}\r\n${parts.join('')}`);
    });
  }

  it('is true for the first use of a state on any instance, false ever after, and expires with the state', async () => {
    const usedStatesInRedis = evaluate<(send: (command: string[]) => Promise<unknown>) => UsedStates>(
      REDIS_USED_STATES_SOURCE,
      'usedStatesInRedis',
    );
    // Two instances of a server, each with its own adapter, sharing the one Redis.
    const first = usedStatesInRedis(send);
    const second = usedStatesInRedis(send);
    expect(await first.consume('state-a', 600)).toBe(true);
    expect(await second.consume('state-a', 600)).toBe(false);
    expect(await first.consume('state-a', 600)).toBe(false);
    expect(await second.consume('state-b', 600)).toBe(true);
    // The key carries the state's TTL, so Redis forgets it when the state has expired.
    const ttl = (await send(['PTTL', 'mcp-mrtr:used-state:state-a'])) as number;
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(600_000);
  });
});

it('docs/safety.md shows the Redis adapter as tested here', () => {
  const docs = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'safety.md'), 'utf8');
  expect(docs).toContain(REDIS_USED_STATES_SOURCE);
});
