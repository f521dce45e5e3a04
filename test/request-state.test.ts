// The security of migrated multi-round handlers: their requestState is signed with
// MCP_REQUEST_STATE_SECRET, expires, is bound to the method and the authenticated client, and a state of another
// handler cannot resume this one. Driven against the committed migrated outputs, with the real SDK on the wire.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { audit } from '../api/index.js';
import {
  compileTree,
  loadServerModule,
  rawCall2026,
  runOverStdio,
  readableRequestState,
  requestStatePayload,
  type Call,
  type RawResult,
} from './support/equivalence.js';
import { materializedTree, REPO_ROOT } from './support/fixtures.js';

const FIXTURES = path.join(REPO_ROOT, '__fixtures__', 'mrtr');
/** A fixture's migrated server: a single file, or a folder's tree as real files (the runtime module beside it). */
const output = (name: string) =>
  fs.existsSync(path.join(FIXTURES, `${name}.output.ts`))
    ? path.join(FIXTURES, `${name}.output.ts`)
    : path.join(materializedTree(path.join(FIXTURES, name, 'output')), 'server.ts');
const load = (name: string) => loadServerModule(output(name), { fresh: true });

const BOOK: Call = { kind: 'tool', name: 'book_table', args: { restaurant: 'Chez Ada' } };
const WHEN = { action: 'accept', content: { date: '2026-12-24' } };
const PARTY = { action: 'accept', content: { people: 4 } };
const INVALID_STATE = -32602;

/** The payload the migrated codec sealed (AES-256-GCM, then signed as `v1.<base64url(JSON)>.<mac>`), opened. */
function payloadOf(state: string): { p: unknown } {
  expect(state.split('.')[0]).toBe('v1');
  return { p: requestStatePayload(state) };
}

/** The state of `book_table` after its first answer: the second round (party size) is pending. */
async function secondRound(mod: Awaited<ReturnType<typeof load>>, options = {}): Promise<RawResult> {
  const first = await rawCall2026(mod, BOOK, {}, options);
  expect(first.resultType).toBe('input_required');
  expect(Object.keys(first.inputRequests ?? {})).toEqual(['when']);
  const second = await rawCall2026(
    mod,
    BOOK,
    { inputResponses: { when: WHEN }, requestState: first.requestState! },
    options,
  );
  expect(second.resultType).toBe('input_required');
  expect(Object.keys(second.inputRequests ?? {})).toEqual(['party']);
  return second;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('migrated multi-round handlers: requestState', () => {
  it('carries the earlier answer to the last round, which completes', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    // The answer travels; the pure `date` derived from it is computed again at the step that needs it.
    expect(payloadOf(second.requestState!).p).toEqual({
      step: 'book_table:party',
      call: '[{"restaurant":"Chez Ada"}]',
      when: WHEN,
    });
    const done = await rawCall2026(mod, BOOK, { inputResponses: { party: PARTY }, requestState: second.requestState! });
    expect(done.content).toEqual([{ type: 'text', text: 'Booked Chez Ada on 2026-12-24 for 4.' }]);
  });

  it('asks the same round again when a retry lacks its answer, keeping the state', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    const retry = await rawCall2026(mod, BOOK, { requestState: second.requestState! });
    expect(retry.resultType).toBe('input_required');
    expect(retry.inputRequests).toEqual(second.inputRequests);
    expect(payloadOf(retry.requestState!).p).toEqual(payloadOf(second.requestState!).p);
    // Each state opens once: the retry's own state carries the round on.
    const wrongKey = await rawCall2026(mod, BOOK, {
      inputResponses: { when: WHEN },
      requestState: retry.requestState!,
    });
    expect(Object.keys(wrongKey.inputRequests ?? {})).toEqual(['party']);
  });

  it('rejects a tampered state (-32602) before the handler runs', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    const [version, body, mac] = second.requestState!.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as { p: string };
    const sealed = Buffer.from(forged.p, 'base64url');
    sealed[20]! ^= 1;
    forged.p = sealed.toString('base64url');
    const tampered = `${version}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    const result = await rawCall2026(mod, BOOK, { inputResponses: { party: PARTY }, requestState: tampered });
    expect(result.error?.code).toBe(INVALID_STATE);
    // Correctly signed, but not sealed with the derived key (a forged ciphertext, or a plain payload): refused too.
    const signer = createRequestStateCodec({
      key: process.env.MCP_REQUEST_STATE_SECRET!,
      bind: (ctx) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
    });
    const ctx = { mcpReq: { method: 'tools/call' } } as unknown as ServerContext;
    for (const payload of [
      sealed.toString('base64url'),
      { step: 'book_table:party', call: '[{"restaurant":"Chez Ada"}]', when: WHEN },
    ]) {
      const unsealed = await rawCall2026(mod, BOOK, {
        inputResponses: { party: PARTY },
        requestState: await signer.mint(payload, ctx),
      });
      expect(unsealed.error?.code).toBe(INVALID_STATE);
    }
    const garbage = await rawCall2026(mod, BOOK, { inputResponses: { party: PARTY }, requestState: 'not a state' });
    expect(garbage.error?.code).toBe(INVALID_STATE);
  });

  it('rejects an expired state (the codec TTL is 600 s)', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 601_000);
    const late = await rawCall2026(mod, BOOK, { inputResponses: { party: PARTY }, requestState: second.requestState! });
    expect(late.error?.code).toBe(INVALID_STATE);
    vi.spyOn(Date, 'now').mockReturnValue(now + 590_000);
    const inTime = await rawCall2026(mod, BOOK, {
      inputResponses: { party: PARTY },
      requestState: second.requestState!,
    });
    expect(inTime.content).toEqual([{ type: 'text', text: 'Booked Chez Ada on 2026-12-24 for 4.' }]);
  });

  it('rejects a state minted for another authenticated client', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const alice = { authInfo: { token: 'token-a', clientId: 'alice', scopes: [] } };
    const bob = { authInfo: { token: 'token-b', clientId: 'bob', scopes: [] } };
    const second = await secondRound(mod, alice);
    const stolen = await rawCall2026(
      mod,
      BOOK,
      { inputResponses: { party: PARTY }, requestState: second.requestState! },
      bob,
    );
    expect(stolen.error?.code).toBe(INVALID_STATE);
    const anonymous = await rawCall2026(mod, BOOK, {
      inputResponses: { party: PARTY },
      requestState: second.requestState!,
    });
    expect(anonymous.error?.code).toBe(INVALID_STATE);
    const own = await rawCall2026(
      mod,
      BOOK,
      { inputResponses: { party: PARTY }, requestState: second.requestState! },
      alice,
    );
    expect(own.content).toEqual([{ type: 'text', text: 'Booked Chez Ada on 2026-12-24 for 4.' }]);
  });

  it('rejects a state minted for another method', async () => {
    const mod = await load('rewrite-steps-three-rounds');
    const tool = await rawCall2026(mod, { kind: 'tool', name: 'create_project', args: { team: 'Platform' } });
    expect(tool.resultType).toBe('input_required');
    const prompt = await rawCall2026(
      mod,
      { kind: 'prompt', name: 'draft_post' },
      { inputResponses: { topic: { action: 'accept', content: { topic: 'x' } } }, requestState: tool.requestState! },
    );
    expect(prompt.error?.code).toBe(INVALID_STATE);
  });

  it("starts a handler afresh when given another handler's state of the same method", async () => {
    const bookings = await load('rewrite-steps-dependent-elicitations');
    const projects = await load('rewrite-steps-three-rounds');
    const second = await secondRound(bookings);
    // Same secret, same method: the signature holds, but the step belongs to book_table, not create_project.
    const foreign = await rawCall2026(
      projects,
      { kind: 'tool', name: 'create_project', args: { team: 'Platform' } },
      { requestState: second.requestState! },
    );
    expect(foreign.resultType).toBe('input_required');
    expect(Object.keys(foreign.inputRequests ?? {})).toEqual(['named']);
    expect(payloadOf(foreign.requestState!).p).toEqual({ step: 'create_project:named', call: '[{"team":"Platform"}]' });
  });

  it('binds the state to its call: other arguments start afresh, and an answer counts only where it was asked', async () => {
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    // The state of Chez Ada's booking, replayed into a booking elsewhere: asked from the start, nothing carried over.
    const elsewhere = await rawCall2026(
      mod,
      { kind: 'tool', name: 'book_table', args: { restaurant: 'Ghost' } },
      { inputResponses: { party: PARTY, when: WHEN }, requestState: second.requestState! },
    );
    expect(Object.keys(elsewhere.inputRequests ?? {})).toEqual(['when']);
    // Unsolicited answers: none without a state, and none for a question the last round did not ask.
    const unsolicited = await rawCall2026(mod, BOOK, { inputResponses: { when: WHEN, party: PARTY } });
    expect(Object.keys(unsolicited.inputRequests ?? {})).toEqual(['when']);
    const first = await rawCall2026(mod, BOOK);
    const ahead = await rawCall2026(mod, BOOK, {
      inputResponses: { when: WHEN, party: PARTY },
      requestState: first.requestState!,
    });
    expect(Object.keys(ahead.inputRequests ?? {})).toEqual(['party']);
  });

  it('never puts the secret in the state', async () => {
    const secret = process.env.MCP_REQUEST_STATE_SECRET!;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const mod = await load('rewrite-steps-dependent-elicitations');
    const second = await secondRound(mod);
    for (const state of [second.requestState!]) {
      const decoded = Buffer.from(state.split('.')[1]!, 'base64url').toString('utf8');
      for (const form of [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('base64url')]) {
        expect(state).not.toContain(form);
        expect(decoded).not.toContain(form);
      }
    }
  });

  it('encrypts the state: server-computed values are not readable, and the report says so', async () => {
    const mod = await load('rewrite-steps-effect-before-ask');
    const first = await rawCall2026(mod, { kind: 'tool', name: 'report_bug', args: { title: 'Login fails' } });
    expect(payloadOf(first.requestState!).p).toEqual({
      step: 'report_bug:priority',
      call: '[{"title":"Login fails"}]',
      ticket: 100,
      opened: '2026-11-30T09:00:00.000Z',
    });
    for (const text of [first.requestState!, readableRequestState(first.requestState!)])
      for (const value of ['2026-11-30', 'report_bug', 'Login fails', '"ticket"']) expect(text).not.toContain(value);
    // The same payload sealed twice differs (a random IV): equal states do not reveal equal payloads.
    const again = await rawCall2026(mod, { kind: 'tool', name: 'report_bug', args: { title: 'Login fails' } });
    expect(again.requestState).not.toBe(first.requestState);
    const report = await audit({ paths: [path.join(FIXTURES, 'rewrite-steps-effect-before-ask', 'input')] });
    expect(report.sites.map((s) => s.notes)).toEqual([
      [
        expect.stringMatching(
          /`ticket`, `opened`: encrypted \(AES-256-GCM\) and signed, so the client cannot read them/,
        ),
      ],
    ]);
  });

  it('starts without a usable secret: the request that needs a state says why, after one warning at startup', async () => {
    const saved = process.env.MCP_REQUEST_STATE_SECRET;
    try {
      const cases: Array<[string | undefined, RegExp]> = [
        [
          undefined,
          /MCP_REQUEST_STATE_SECRET is not set: 2026-era multi-round requests over HTTP are refused until you set it/,
        ],
        ['too short', /MCP_REQUEST_STATE_SECRET is shorter than 32 bytes: multi-round requests are refused/],
        // Long enough, but guessable: repeated characters, a word repeated, two characters alternating.
        [' '.repeat(32), /MCP_REQUEST_STATE_SECRET is too easy to guess .*openssl rand -base64 32/],
        ['password'.repeat(4), /MCP_REQUEST_STATE_SECRET is too easy to guess/],
        ['ab'.repeat(20), /MCP_REQUEST_STATE_SECRET is too easy to guess/],
      ];
      for (const [secret, refusal] of cases) {
        if (secret === undefined) delete process.env.MCP_REQUEST_STATE_SECRET;
        else process.env.MCP_REQUEST_STATE_SECRET = secret;
        const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
        const mod = await load('rewrite-steps-dependent-elicitations');
        expect(
          warn.mock.calls.map((c) => String(c[0])).filter((m) => refusal.test(m)),
          String(secret),
        ).toHaveLength(1);
        warn.mockRestore();
        // Over HTTP (the rounds may reach another instance): the first round, which would mint a state, is refused.
        const first = await rawCall2026(mod, BOOK);
        expect(first.isError, String(secret)).toBe(true);
        expect(JSON.stringify(first), String(secret)).toMatch(refusal);
      }
      process.env.MCP_REQUEST_STATE_SECRET = 'ad4ea0c1db4d776f59fa1b8b7fac55df';
      const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
      await secondRound(await load('rewrite-steps-dependent-elicitations'));
      expect(warn).not.toHaveBeenCalled();
    } finally {
      process.env.MCP_REQUEST_STATE_SECRET = saved;
    }
  });

  it('serves a stdio server without the secret: a random key of the process carries the state between rounds', async () => {
    // The migrated module and an entry that serves it over stdio, as a user's bin does; run as a child process.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-stdio-secret-'));
    try {
      fs.cpSync(path.dirname(output('rewrite-steps-dependent-elicitations')), dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, 'main.ts'),
        "import { serveStdio } from '@modelcontextprotocol/server/stdio';\nimport { build } from './server.js';\nserveStdio(() => build());\n",
      );
      const entry = path.join(compileTree(dir), 'main.js');
      const transcript = await runOverStdio(
        entry,
        '2026',
        [BOOK],
        { elicit: (params) => ((params as { message: string }).message.startsWith('When') ? WHEN : PARTY) as never },
        { env: { MCP_REQUEST_STATE_SECRET: undefined as unknown as string } },
      );
      expect(transcript.questions).toHaveLength(2);
      expect(JSON.stringify(transcript.results[0])).toMatch(/Chez Ada/);
      expect(JSON.stringify(transcript.results[0])).not.toMatch(/MCP_REQUEST_STATE_SECRET|error/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('write-once forms: keys unique to the tool', () => {
  // No state binds a write-once answer to its tool: the key does. Two tools that both name their answer
  // `confirmation` must not take each other's answers.
  it("does not take one tool's answer for another tool's question", async () => {
    const mod = await load('rewrite-two-tools-same-answer-name');
    const note: Call = { kind: 'tool', name: 'delete_note', args: { name: 'todo' } };
    const project: Call = { kind: 'tool', name: 'delete_project', args: { name: 'website' } };
    const asked = await rawCall2026(mod, note);
    const [noteKey] = Object.keys(asked.inputRequests ?? {});
    const yes = { action: 'accept', content: { confirm: true } };
    const misused = await rawCall2026(mod, project, { inputResponses: { [noteKey!]: yes } });
    expect(misused.resultType).toBe('input_required');
    expect(noteKey).toBe('delete_note_confirmation');
    expect(Object.keys(misused.inputRequests ?? {})).toEqual(['delete_project_confirmation']);
    // Its own key still counts.
    const done = await rawCall2026(mod, project, { inputResponses: { delete_project_confirmation: yes } });
    expect(done.content).toEqual([{ type: 'text', text: 'Deleted project website.' }]);
  });
});

describe('journaled steps in the replay state', () => {
  const ORDER: Call = { kind: 'tool', name: 'order', args: { item: 'bolts', quantity: 3 } };
  const loadJournal = () =>
    loadServerModule(
      path.join(materializedTree(path.join(FIXTURES, 'rewrite-replay-journal-quote-book', 'output')), 'server.ts'),
      { fresh: true },
    );
  const counts = (mod: Awaited<ReturnType<typeof loadJournal>>) =>
    (mod.exports?.effectCounts as () => Record<string, number>)();

  it('carries the journal sealed: no journaled value is readable in the state the client holds', async () => {
    const mod = await loadJournal();
    const first = await rawCall2026(mod, ORDER);
    expect(first.resultType).toBe('input_required');
    // Opened: the state carries its record (the quote), which the client must not read.
    const payload = JSON.stringify(requestStatePayload(first.requestState!));
    expect(payload).toContain('"Q-1"');
    expect(payload).toContain('"total":36');
    // The sealed part is random-looking text, so a short value (`36`, `Q-1`) can turn up in it by chance: look
    // for the values in the envelope's clear fields, and for their JSON spellings (five bytes or more) in the
    // state as the client holds it and in the sealed bytes.
    const envelope = JSON.parse(readableRequestState(first.requestState!)) as Record<string, unknown>;
    expect(typeof envelope.p).toBe('string');
    // Besides the sealed payload, the envelope holds the expiry (a timestamp) and the binding's digest (of the method
    // and the client, not of the payload): nothing of the journal. Their digits are not searched for `36`, which a
    // timestamp or a digest can hold by chance.
    expect(Object.keys(envelope).sort()).toEqual(['b', 'exp', 'p']);
    expect(typeof envelope.exp).toBe('number');
    expect(typeof envelope.b).toBe('string');
    const sealed = Buffer.from(envelope.p as string, 'base64url');
    for (const value of ['"Q-1"', '"bolts"', '"total"', '"total":36']) {
      expect(first.requestState!).not.toContain(value);
      expect(sealed.includes(Buffer.from(value))).toBe(false);
    }
  });

  it('replays the journal only into the call it was minted for: other arguments run the effect again', async () => {
    const mod = await loadJournal();
    const first = await rawCall2026(mod, ORDER);
    expect(counts(mod).opened).toBe(1);
    const ok = { action: 'accept', content: { ok: true } };
    // The same call resumes: the quote is not opened again.
    const same = await rawCall2026(mod, ORDER, { inputResponses: { elicit_1: ok }, requestState: first.requestState! });
    expect(same.resultType).toBe('input_required');
    expect(counts(mod).opened).toBe(1);
    // The same tool with other arguments, given another state of this call (each state opens once): the state is
    // not that call's, its journal is not used.
    const another = await rawCall2026(mod, ORDER);
    expect(counts(mod).opened).toBe(2);
    const other: Call = { kind: 'tool', name: 'order', args: { item: 'nuts', quantity: 5 } };
    const cross = await rawCall2026(mod, other, {
      inputResponses: { elicit_1: ok },
      requestState: another.requestState!,
    });
    expect(cross.resultType).toBe('input_required');
    expect(Object.keys(cross.inputRequests ?? {})).toEqual(['elicit_1']);
    expect(counts(mod).opened).toBe(3);
    // A tampered state is refused before the handler runs.
    const [version, body, mac] = first.requestState!.split('.');
    const flipped = `${version}.${body!.slice(0, -2)}${body!.endsWith('A') ? 'B' : 'A'}${body!.slice(-1)}.${mac}`;
    const tampered = await rawCall2026(mod, ORDER, { inputResponses: { elicit_1: ok }, requestState: flipped });
    expect(tampered.error?.code).toBe(INVALID_STATE);
    expect(counts(mod).opened).toBe(3);
  });
});
