import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FULL_CAPABILITIES,
  loadServerModule,
  rawCall2026,
  runEquivalence,
  runMigrated2025,
  runMigrated2026,
  runOriginal,
  tamperRequestState,
  URL_ELICITATION_ATTEMPTS,
  URL_ELICITATION_REQUIRED,
  urlErrorsAsToolErrors,
  type Call,
  type ClientScript,
  type ElicitResult,
  type ServerModule,
  type Transcript,
} from './support/equivalence.js';

const DIR = path.resolve(import.meta.dirname, '../__fixtures__/equivalence-smoke');

let original: ServerModule;
let originalV1: ServerModule;
let migrated: ServerModule;
let broken: ServerModule;

beforeAll(async () => {
  [original, originalV1, migrated, broken] = await Promise.all(
    ['original.ts', 'original-v1.ts', 'migrated.ts', 'migrated-broken.ts'].map((f) =>
      loadServerModule(path.join(DIR, f)),
    ),
  );
});

const DELETE: Call = { kind: 'tool', name: 'delete_note', args: { name: 'groceries' } };
const SUMMARIZE: Call = { kind: 'tool', name: 'summarize_note', args: { name: 'groceries' } };
const RENAME: Call = { kind: 'tool', name: 'rename_note', args: { name: 'groceries' } };

type Action = 'accept' | 'decline' | 'cancel';

/** Answers every elicitation with `action` (accept: `confirm: true`), and every sampling with a fixed text. */
function answering(action: Action): ClientScript {
  return {
    elicit: () => (action === 'accept' ? { action, content: { confirm: true } } : { action }),
    sample: () => ({ model: 'test-model', role: 'assistant', content: { type: 'text', text: 'milk, eggs' } }),
  };
}

/** rename_note: round 0 answers the new name with `first`, round 1 answers the confirmation with `second`. */
function renaming(first: Action, second: Action): ClientScript {
  return {
    elicit: (params, round): ElicitResult => {
      const action = round === 0 ? first : second;
      if (action !== 'accept') return { action };
      if (round === 0) return { action, content: { newName: `shopping (${params.message})` } };
      return { action, content: { confirm: true } };
    },
  };
}

const DELETE_QUESTION = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Delete note groceries?',
    requestedSchema: {
      type: 'object',
      properties: { confirm: { type: 'boolean', title: 'Really delete?' } },
      required: ['confirm'],
    },
  },
};

const DELETE_RESULTS: Record<Action, unknown> = {
  accept: { content: [{ type: 'text', text: 'Deleted groceries' }] },
  decline: { content: [{ type: 'text', text: 'Declined: groceries was not deleted' }] },
  cancel: { content: [{ type: 'text', text: 'Cancelled' }], isError: true },
};

function expectSame(actual: Transcript, expected: Transcript): void {
  expect(actual.questions).toEqual(expected.questions);
  expect(actual.results).toEqual(expected.results);
}

describe('equivalence harness: original vs migrated, both eras', () => {
  for (const action of ['accept', 'decline', 'cancel'] as const) {
    it(`delete_note, ${action}: original (v2) ≡ migrated`, async () => {
      const run = await runEquivalence(original, 'v2', migrated, [DELETE], answering(action));
      expect(run.original).toEqual({ questions: [DELETE_QUESTION], results: [DELETE_RESULTS[action]] });
      expectSame(run.migrated2026, run.original);
      expectSame(run.migrated2025, run.original);
    });

    it(`delete_note, ${action}: original (v1) ≡ migrated`, async () => {
      const run = await runEquivalence(originalV1, 'v1', migrated, [DELETE], answering(action));
      expect(run.original).toEqual({ questions: [DELETE_QUESTION], results: [DELETE_RESULTS[action]] });
      expectSame(run.migrated2026, run.original);
      expectSame(run.migrated2025, run.original);
    });
  }

  it('summarize_note (sampling): original ≡ migrated', async () => {
    const run = await runEquivalence(original, 'v2', migrated, [SUMMARIZE], answering('accept'));
    expect(run.original).toEqual({
      questions: [
        {
          method: 'sampling/createMessage',
          params: {
            messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the note groceries' } }],
            maxTokens: 100,
          },
        },
      ],
      results: [{ content: [{ type: 'text', text: 'Summary of groceries: milk, eggs' }] }],
    });
    expectSame(run.migrated2026, run.original);
    expectSame(run.migrated2025, run.original);
  });

  const renameCases: Array<[Action, Action, string]> = [
    ['accept', 'accept', 'Renamed groceries to shopping (New name for groceries?)'],
    ['accept', 'decline', 'Kept groceries'],
    ['accept', 'cancel', 'Kept groceries'],
    ['decline', 'accept', 'Rename cancelled'],
  ];
  for (const [first, second, text] of renameCases) {
    it(`rename_note (two rounds, state carried in requestState), ${first} then ${second}: original ≡ migrated`, async () => {
      const run = await runEquivalence(original, 'v2', migrated, [RENAME], renaming(first, second));
      expect(run.original.results).toEqual([{ content: [{ type: 'text', text }] }]);
      expect(run.original.questions).toHaveLength(first === 'accept' ? 2 : 1);
      expectSame(run.migrated2026, run.original);
      expectSame(run.migrated2025, run.original);
    });
  }

  it('review_note (prompt, roots) and notes://index (resource, elicitation): original ≡ migrated', async () => {
    const calls: Call[] = [
      { kind: 'prompt', name: 'review_note', args: { name: 'groceries' } },
      { kind: 'resource', uri: 'notes://index' },
    ];
    const script: ClientScript = {
      roots: () => ({ roots: [{ uri: 'file:///home/me/notes', name: 'notes' }, { uri: 'file:///srv/shared' }] }),
      elicit: () => ({ action: 'accept', content: { confirm: true } }),
    };
    const run = await runEquivalence(original, 'v2', migrated, calls, script);
    expect(run.original.questions.map((q) => q.method)).toEqual(['roots/list', 'elicitation/create']);
    expect(run.original.results).toEqual([
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Review groceries (roots: notes, file:///srv/shared)' } },
        ],
      },
      { contents: [{ uri: 'notes://index', text: 'groceries, archive/2019' }] },
    ]);
    expectSame(run.migrated2026, run.original);
    expectSame(run.migrated2025, run.original);
  });

  it('several calls in one session keep their order', async () => {
    const calls = [DELETE, SUMMARIZE, RENAME, { kind: 'tool', name: 'no_such_tool' } as const];
    const script: ClientScript = {
      elicit: (params, round) =>
        params.message.startsWith('New name')
          ? { action: 'accept', content: { newName: `n${round}` } }
          : { action: 'decline' },
      sample: answering('accept').sample!,
    };
    const run = await runEquivalence(original, 'v2', migrated, calls, script);
    expect(run.original.questions.map((q) => q.method)).toEqual([
      'elicitation/create',
      'sampling/createMessage',
      'elicitation/create',
      'elicitation/create',
    ]);
    expect(run.original.results).toHaveLength(4);
    expect(run.original.results[3]).toEqual({ error: { code: -32602, message: 'Tool no_such_tool not found' } });
    expectSame(run.migrated2026, run.original);
    expectSame(run.migrated2025, run.original);
  });
});

describe('equivalence harness: raw 2026 rounds', () => {
  it('a call without answers returns input_required with the embedded request', async () => {
    const raw = await rawCall2026(migrated, DELETE);
    expect(raw.resultType).toBe('input_required');
    expect(raw.inputRequests).toEqual({ confirm_delete: DELETE_QUESTION });
    expect(raw.requestState).toBeUndefined();
    expect(raw._meta).toEqual({ 'io.modelcontextprotocol/serverInfo': { name: 'notes', version: '1.0.0' } });
    // Control: the push-style original cannot ask on a 2026 request (its elicitInput throws; McpServer turns
    // the throw into an isError tool result).
    const pushed = await rawCall2026(original, DELETE);
    expect(pushed.resultType).toBe('complete');
    expect(pushed.isError).toBe(true);
    expect(JSON.stringify(pushed.content)).toContain(
      'Server-to-client requests are not available on protocol revision 2026-07-28',
    );
  });

  it('a retry without the needed answer is asked again; with it, it completes', async () => {
    const first = await rawCall2026(migrated, DELETE);
    const unrelated = await rawCall2026(migrated, DELETE, {
      inputResponses: { something_else: { action: 'accept', content: { confirm: true } } },
    });
    expect(unrelated.resultType).toBe('input_required');
    expect(unrelated.inputRequests).toEqual(first.inputRequests);
    // Control: the same retry WITH the answer completes.
    const answered = await rawCall2026(migrated, DELETE, {
      inputResponses: { confirm_delete: { action: 'accept', content: { confirm: true } } },
    });
    expect(answered.resultType).toBe('complete');
    expect(answered.content).toEqual([{ type: 'text', text: 'Deleted groceries' }]);
  });

  it('a multi-round flow: the state is echoed; a retry without the second answer is asked again', async () => {
    const round1 = await rawCall2026(migrated, RENAME, {
      inputResponses: { new_name: { action: 'accept', content: { newName: 'shopping' } } },
    });
    expect(round1.resultType).toBe('input_required');
    expect(Object.keys(round1.inputRequests ?? {})).toEqual(['confirm_rename']);
    expect(round1.requestState).toMatch(/^v1\./);
    const again = await rawCall2026(migrated, RENAME, { requestState: round1.requestState });
    expect(again.resultType).toBe('input_required');
    expect(again.inputRequests).toEqual(round1.inputRequests);
    // Each state opens once: the retry's own state carries the flow on.
    const done = await rawCall2026(migrated, RENAME, {
      requestState: again.requestState,
      inputResponses: { confirm_rename: { action: 'accept', content: { confirm: true } } },
    });
    expect(done.content).toEqual([{ type: 'text', text: 'Renamed groceries to shopping' }]);
  });

  it('a tampered requestState is rejected', async () => {
    const round1 = await rawCall2026(migrated, RENAME, {
      inputResponses: { new_name: { action: 'accept', content: { newName: 'shopping' } } },
    });
    const confirm = { confirm_rename: { action: 'accept', content: { confirm: true } } };
    const tampered = await rawCall2026(migrated, RENAME, {
      requestState: tamperRequestState(round1.requestState!),
      inputResponses: confirm,
    });
    expect(tampered.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    // Control: the broken migration trusts an unsigned state, so an attacker-chosen one goes through.
    const forged = await rawCall2026(broken, RENAME, {
      requestState: JSON.stringify({ newName: 'attacker' }),
      inputResponses: confirm,
    });
    expect(forged.error).toBeUndefined();
    expect(forged.content).toEqual([{ type: 'text', text: 'Renamed groceries to attacker' }]);
  });
});

describe('equivalence harness: the comparison fails for a wrong migration', () => {
  it('matches where the broken migration is right (accept)', async () => {
    const run = await runEquivalence(original, 'v2', broken, [DELETE], answering('accept'));
    expectSame(run.migrated2026, run.original);
    expectSame(run.migrated2025, run.original);
  });

  for (const action of ['decline', 'cancel'] as const) {
    it(`detects an ignored ${action} branch (asked again and again) in both eras`, async () => {
      const run = await runEquivalence(original, 'v2', broken, [DELETE], answering(action));
      expect(run.original.questions).toHaveLength(1);
      // 2026: the client's loop answers 10 rounds (its default cap), then fails the call.
      expect(run.migrated2026.questions).toEqual(Array(10).fill(DELETE_QUESTION));
      expect(run.migrated2026.results).toEqual([
        { error: { code: 'INPUT_REQUIRED_ROUNDS_EXCEEDED', message: expect.any(String) } },
      ]);
      // 2025: the shim asks 8 times (its default cap), then ends the tool call with an isError result.
      expect(run.migrated2025.questions).toEqual(Array(8).fill(DELETE_QUESTION));
      expect(run.migrated2025.results).toEqual([
        {
          content: [{ type: 'text', text: expect.stringContaining('still required input after 8 rounds') }],
          isError: true,
        },
      ]);
      expect(() => expectSame(run.migrated2026, run.original)).toThrow();
      expect(() => expectSame(run.migrated2025, run.original)).toThrow();
    });
  }

  it('detects a changed question even when the results agree', async () => {
    const run = await runEquivalence(original, 'v2', broken, [SUMMARIZE], answering('accept'));
    expect(run.migrated2026.results).toEqual(run.original.results);
    expect(run.migrated2025.results).toEqual(run.original.results);
    expect(run.migrated2026.questions).not.toEqual(run.original.questions);
    expect(run.migrated2025.questions).not.toEqual(run.original.questions);
  });
});

describe('equivalence harness: client capabilities', () => {
  const noElicitation = { capabilities: { sampling: {}, roots: {} } };

  it('declares the full set by default', () => {
    expect(FULL_CAPABILITIES).toEqual({ elicitation: { form: {}, url: {} }, sampling: {}, roots: {} });
  });

  it('a narrower client is never asked what it did not declare (and each side fails in its own way)', async () => {
    const script = answering('accept');
    // The push-style original: elicitInput checks the capability and throws; McpServer makes it an isError result.
    const orig = await runOriginal(original, 'v2', [DELETE, SUMMARIZE], script, noElicitation);
    expect(orig.questions.map((q) => q.method)).toEqual(['sampling/createMessage']);
    expect(orig.results[0]).toEqual({
      content: [{ type: 'text', text: 'Client does not support form elicitation.' }],
      isError: true,
    });
    const origV1 = await runOriginal(originalV1, 'v1', [DELETE], script, noElicitation);
    expect(origV1.results[0]).toEqual(orig.results[0]);
    // Migrated, 2026: the SDK refuses the input_required result with -32021 (a JSON-RPC error, not a tool result).
    const m2026 = await runMigrated2026(migrated, [DELETE, SUMMARIZE], script, noElicitation);
    expect(m2026.questions).toEqual(orig.questions);
    expect(m2026.results[0]).toEqual({
      error: {
        code: -32021,
        message: expect.stringContaining("Cannot request input 'confirm_delete' (elicitation/create)"),
      },
    });
    // Migrated, 2025 through the shim: an isError tool result with the shim's own wording.
    const m2025 = await runMigrated2025(migrated, [DELETE], script, noElicitation);
    expect(m2025.questions).toEqual([]);
    expect(m2025.results[0]).toEqual({
      content: [{ type: 'text', text: expect.stringContaining('did not declare the required capability') }],
      isError: true,
    });
    // So a rewrite must carry the original's capability fallback explicitly; the harness shows the difference.
    expect(m2026.results[0]).not.toEqual(orig.results[0]);
    expect(m2025.results[0]).not.toEqual(orig.results[0]);
    // Control: a client that declares elicitation is asked.
    expect((await runMigrated2026(migrated, [DELETE], script)).questions).toEqual([DELETE_QUESTION]);
  });

  it('the 2025 shim serves the v2 client in its legacy mode too', async () => {
    const viaV2 = await runMigrated2025(migrated, [DELETE, RENAME], renaming('accept', 'accept'), { client: 'v2' });
    const viaV1 = await runMigrated2025(migrated, [DELETE, RENAME], renaming('accept', 'accept'));
    expect(viaV2).toEqual(viaV1);
    expect(viaV1.questions).toHaveLength(3);
  });
});

describe('equivalence harness: loading server modules', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compiles a folder (relative imports across subfolders) and CommonJS servers', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'equivalence-load-'));
    dirs.push(dir);
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    const tool = `async (ctx) => {
      const r = inputResponse(ctx.mcpReq.inputResponses, 'ok');
      if (r.kind === 'missing') return inputRequired({ inputRequests: { ok: inputRequired.elicit({ message: 'ok?', requestedSchema: { type: 'object', properties: {} } }) } });
      return { content: [{ type: 'text', text: r.kind === 'elicit' ? r.action : r.kind }] };
    }`;
    write(
      'lib/ask.ts',
      `import { inputRequired, inputResponse, type ServerContext } from '@modelcontextprotocol/server';\nexport const ask = ${tool.replace('(ctx)', '(ctx: ServerContext)')};\n`,
    );
    write(
      'src/server.ts',
      `import { McpServer } from '@modelcontextprotocol/server';\nimport { ask } from '../lib/ask.js';\nexport function build() { const s = new McpServer({ name: 'x', version: '1' }); s.registerTool('t', {}, ask); return s; }\n`,
    );
    write(
      'src/server.cjs',
      `const { McpServer, inputRequired, inputResponse } = require('@modelcontextprotocol/server');\nexports.build = function () { const s = new McpServer({ name: 'x', version: '1' }); s.registerTool('t', {}, ${tool}); return s; };\n`,
    );
    const esm = await loadServerModule(path.join(dir, 'src/server.ts'), { root: dir });
    const cjs = await loadServerModule(path.join(dir, 'src/server.cjs'), { root: dir });
    expect([esm.format, cjs.format]).toEqual(['esm', 'cjs']);
    const expected = {
      questions: [
        {
          method: 'elicitation/create',
          params: { mode: 'form', message: 'ok?', requestedSchema: { type: 'object', properties: {} } },
        },
      ],
      results: [{ content: [{ type: 'text', text: 'decline' }] }],
    };
    for (const mod of [esm, cjs]) {
      expect(await runMigrated2026(mod, [{ kind: 'tool', name: 't' }], answering('decline'))).toEqual(expected);
      expect(await runMigrated2025(mod, [{ kind: 'tool', name: 't' }], answering('decline'))).toEqual(expected);
    }
  });
});

describe('equivalence harness: the old -32042 URL elicitation flow', () => {
  // A v1 tool that needs a URL flow until the out-of-band hook ran (module-level state, as in real servers).
  const V1_SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
let paid = false;
export function finishPayment() { paid = true; }
export function build() {
  const server = new McpServer({ name: 'pay', version: '1.0.0' });
  server.registerTool('pay', {}, async () => {
    if (!paid) throw new UrlElicitationRequiredError([{ mode: 'url', message: 'Confirm the payment', url: 'https://pay.example.com/confirm', elicitationId: 'e-1' }]);
    return { content: [{ type: 'text', text: 'paid' }] };
  });
  return server;
}
`;
  const PAY: Call = { kind: 'tool', name: 'pay' };
  const QUESTION = {
    method: 'elicitation/create',
    params: { mode: 'url', message: 'Confirm the payment', url: 'https://pay.example.com/confirm' },
  };
  let file: string;
  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-url-flow-'));
    file = path.join(dir, 'pay.ts');
    fs.writeFileSync(file, V1_SERVER);
  });
  const fresh = () => loadServerModule(file, { fresh: true });
  const always = (action: Action): ClientScript => ({ elicit: () => ({ action }) });

  it('asks each elicitation of -32042 as a URL question; declined, the error is the outcome', async () => {
    const run = await runOriginal(await fresh(), 'v1', [PAY], always('decline'), { completeUrl: 'finishPayment' });
    expect(run.questions).toEqual([QUESTION]);
    // The v1 server sends its McpError's own message, `MCP error -32042: ` prefix included, on the wire.
    expect(run.results).toEqual([
      { error: { code: URL_ELICITATION_REQUIRED, message: 'MCP error -32042: URL elicitation required' } },
    ]);
  });

  it('accepted and finished out of band: the call is made again from scratch and succeeds', async () => {
    const run = await runOriginal(await fresh(), 'v1', [PAY, PAY], always('accept'), { completeUrl: 'finishPayment' });
    expect(run).toEqual({
      questions: [QUESTION],
      results: [{ content: [{ type: 'text', text: 'paid' }] }, { content: [{ type: 'text', text: 'paid' }] }],
    });
  });

  it('accepted but never finished: retried up to the cap, then the error', async () => {
    const run = await runOriginal(await fresh(), 'v1', [PAY], always('accept'));
    expect(run.questions).toEqual(Array.from({ length: URL_ELICITATION_ATTEMPTS - 1 }, () => QUESTION));
    expect(run.results).toEqual([{ error: expect.objectContaining({ code: URL_ELICITATION_REQUIRED }) }]);
  });

  it('fresh loads of one module do not share its state; a missing hook is an error', async () => {
    const [first, second] = await Promise.all([fresh(), fresh()]);
    (first.exports!.finishPayment as () => void)();
    expect((await runOriginal(second, 'v1', [PAY], always('decline'))).questions).toEqual([QUESTION]);
    expect((await runOriginal(first, 'v1', [PAY], always('decline'))).questions).toEqual([]);
    await expect(runOriginal(second, 'v1', [PAY], always('decline'), { completeUrl: 'nope' })).rejects.toThrow(/nope/);
  });

  it('maps a -32042 outcome of a tool call, and nothing else, to the tool error with its message', () => {
    const error = { error: { code: URL_ELICITATION_REQUIRED, message: 'Sign in first' } };
    const other = { error: { code: -32603, message: 'boom' } };
    const calls: Call[] = [PAY, { kind: 'prompt', name: 'p' }, PAY];
    const mapped = urlErrorsAsToolErrors({ questions: [], results: [error, error, other] }, calls);
    expect(mapped.results).toEqual([
      { content: [{ type: 'text', text: 'Sign in first' }], isError: true },
      error,
      other,
    ]);
  });
});
