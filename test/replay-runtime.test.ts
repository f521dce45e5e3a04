// The replay runtime's guarantees, on the generated module itself with the real SDK on the wire: an
// unanswered ask ends the round, the retry gets the recorded answer, answers are bound to their question, state
// is signed, asks in a loop get distinct keys, a swallowed signal still ends the round, and an ask outside a
// wrapped handler fails clearly; a journaled step runs once across rounds. Every flavour (TypeScript, ESM and CommonJS JavaScript) is loaded and run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { replayRuntimeSource, type RuntimeFlavour } from '../transforms/mrtr/replay/replayRuntime.js';
import * as runtime from '../transforms/mrtr/replay/runtime/mcp-mrtr-runtime.js';
import {
  loadServerModule,
  rawCall2026,
  runMigrated2025,
  runMigrated2026,
  tamperRequestState,
  type Call,
  type ServerModule,
} from './support/equivalence.js';

const SERVER = `import { McpServer, createRequestStateCodec } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, runWithAnswers, step, withAsks } from './mcp-mrtr-runtime.js';

const codec = createRequestStateCodec({ key: process.env.MCP_REQUEST_STATE_SECRET ?? '', bind: (ctx) => ctx.mcpReq.method });
const CONFIRM = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
export const effects = [];
// How many times each handler was entered: one run per round.
export const entries = {};

function enter(name) {
  entries[name] = (entries[name] ?? 0) + 1;
}

async function summarise(text) {
  const reply = await ask.createMessage({ messages: [{ role: 'user', content: { type: 'text', text } }], maxTokens: 20 });
  return reply.content.type === 'text' ? reply.content.text : '';
}

async function firstRoot() {
  const { roots } = await ask.listRoots();
  return roots[0]?.uri ?? 'none';
}

async function confirm(message) {
  const answer = await ask.elicitInput({ message, requestedSchema: CONFIRM });
  return answer.action === 'accept' && answer.content?.ok === true;
}

// A test calling the helpers directly, outside a request: every ask answered by the script.
export function scriptedSetup(answer) {
  return runWithAnswers(answer, async () => [await confirm('Set up?'), await summarise('Summarise'), await firstRoot()].join(' '));
}

// What each step's run saw (one entry per run), and a switch that changes the first step's label between rounds.
export const stepRuns = [];
export const relabel = { on: false };

export function stepOutside() {
  return step('outside', () => 42);
}

// What a step may give: plain data is journaled; the others cannot come back from requestState as they were.
export const STEP_VALUES = {
  plain: () => ({ name: 'sales', rows: [1, 2], nested: { ok: true, none: null }, gone: undefined }),
  map: () => new Map([['sales', 1]]),
  date: () => new Date(0),
  nan: () => Number.NaN,
  instance: () => new (class Dataset { rows = 1; count() { return this.rows; } })(),
  nested: () => ({ rows: [{ at: new Date(0) }] }),
  bigint: () => BigInt(1),
};

export function askOutside() {
  return ask.elicitInput({ message: 'outside', requestedSchema: CONFIRM });
}

export function build() {
  const server = new McpServer({ name: 'replay', version: '1.0.0' }, { requestState: { verify: codec.verify } });
  server.registerTool('delete', { inputSchema: z.object({ path: z.string() }) }, withAsks(server.server, codec, async ({ path }) => {
    effects.push(path);
    return { content: [{ type: 'text', text: (await confirm('Delete ' + path + '?')) ? 'deleted ' + path : 'kept ' + path }] };
  }));
  server.registerTool('delete_all', { inputSchema: z.object({ paths: z.array(z.string()) }) }, withAsks(server.server, codec, async ({ paths }) => {
    const deleted = [];
    for (const path of paths) if (await confirm('Delete ' + path + '?')) deleted.push(path);
    return { content: [{ type: 'text', text: 'deleted: ' + deleted.join(',') }] };
  }));
  // The question does not name the argument: only the state's binding to the call tells two calls apart.
  server.registerTool('wipe', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, codec, async ({ id }) => {
    return { content: [{ type: 'text', text: (await confirm('Wipe the note?')) ? 'wiped ' + id : 'kept ' + id }] };
  }, { name: 'wipe' }));
  // The same arguments and the same question as wipe: only the state's binding to the tool's name tells them apart.
  server.registerTool('purge', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, codec, async ({ id }) => {
    return { content: [{ type: 'text', text: (await confirm('Wipe the note?')) ? 'purged ' + id : 'kept ' + id }] };
  }, { name: 'purge' }));
  server.registerTool('setup', {}, withAsks(server.server, codec, async () => {
    enter('setup');
    const ok = await confirm('Set up the workspace?');
    const summary = await summarise('Summarise the workspace');
    const root = await firstRoot();
    return { content: [{ type: 'text', text: [ok, summary, root].join(' ') }] };
  }));
  // The raw request: its answer is parsed with the result schema, and accepted content is not checked against requestedSchema.
  server.registerTool('raw', {}, withAsks(server.server, codec, async () => {
    const answer = await ask.request({ method: 'elicitation/create', params: { message: 'Raw?', requestedSchema: CONFIRM } }, z.object({ action: z.literal('accept'), content: z.record(z.string(), z.unknown()) }));
    return { content: [{ type: 'text', text: JSON.stringify(answer.content) }] };
  }));
  server.registerTool('journal', {}, withAsks(server.server, codec, async () => {
    const opened = await step(relabel.on ? 'open#2' : 'open', () => {
      stepRuns.push('open');
      return { n: stepRuns.length };
    });
    let failed = false;
    try {
      await step('fails', () => {
        stepRuns.push('fails');
        throw new Error('boom');
      });
    } catch {
      failed = true;
    }
    const ok = await confirm('Journal ' + opened.n + '?');
    return { content: [{ type: 'text', text: [opened.n, failed, ok].join(' ') }] };
  }));
  // A journaled step whose value JSON cannot carry as it is: refused on the round that ran it, naming the step.
  server.registerTool('unfit', { inputSchema: z.object({ kind: z.string() }) }, withAsks(server.server, codec, async ({ kind }) => {
    const value = await step('lookup', () => STEP_VALUES[kind]());
    const ok = await confirm('Use ' + JSON.stringify(value) + '?');
    return { content: [{ type: 'text', text: ok ? 'used' : 'kept' }] };
  }));
  // A step whose value has behaviour: kept in this process's memory for rounds that come back here.
  server.registerTool('kept', {}, withAsks(server.server, codec, async () => {
    const dataset = await step('dataset', () => {
      stepRuns.push('dataset');
      return new (class Dataset { rows = 3; count() { return this.rows; } })();
    });
    const ok = await confirm('Count ' + dataset.count() + ' rows?');
    return { content: [{ type: 'text', text: ok ? 'rows ' + dataset.count() : 'kept' }] };
  }));
  server.registerTool('swallow', {}, withAsks(server.server, codec, async () => {
    let ok = false;
    try {
      ok = await confirm('Proceed?');
    } catch {
      ok = true;
    }
    return { content: [{ type: 'text', text: String(ok) }] };
  }));
  return server;
}
`;

const EXTENSIONS: Record<string, { flavour: RuntimeFlavour; runtime: string; server: string }> = {
  typescript: { flavour: { typescript: true, module: 'esm' }, runtime: 'mcp-mrtr-runtime.ts', server: 'server.ts' },
  esm: { flavour: { typescript: false, module: 'esm' }, runtime: 'mcp-mrtr-runtime.js', server: 'server.js' },
  commonjs: { flavour: { typescript: false, module: 'cjs' }, runtime: 'mcp-mrtr-runtime.cjs', server: 'server.cjs' },
};

async function loadFlavour(name: keyof typeof EXTENSIONS): Promise<ServerModule> {
  const { flavour, runtime, server } = EXTENSIONS[name]!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mrtr-replay-${name}-`));
  fs.writeFileSync(path.join(dir, runtime), replayRuntimeSource(flavour));
  const text =
    flavour.module === 'cjs'
      ? SERVER.replace(
          /^import \{ ([^}]+) \} from '([^']+)';$/gm,
          (_, names: string, from: string) =>
            `const { ${names.replace(/ as /g, ': ')} } = require('${from.replace('.js', '.cjs')}');`,
        )
          .replace("import * as z from 'zod/v4';", "const z = require('zod/v4');")
          .replace(/^export const (\w+)/gm, 'const $1 = exports.$1')
          .replace(/^export function (\w+)/gm, 'exports.$1 = $1;\nfunction $1')
      : SERVER;
  fs.writeFileSync(path.join(dir, server), flavour.typescript ? `// @ts-nocheck\n${text}` : text);
  return loadServerModule(path.join(dir, server), { fresh: true });
}

const DELETE_A: Call = { kind: 'tool', name: 'delete', args: { path: 'a.txt' } };
const OK = { action: 'accept', content: { ok: true } };

for (const flavour of Object.keys(EXTENSIONS) as Array<keyof typeof EXTENSIONS>) {
  describe(`replay runtime (${flavour})`, () => {
    it('ends the round at an unanswered ask, and the retry gets the recorded answer', async () => {
      const mod = await loadFlavour(flavour);
      const first = await rawCall2026(mod, DELETE_A);
      expect(first.resultType).toBe('input_required');
      expect(first.inputRequests).toEqual({
        elicit_1: {
          method: 'elicitation/create',
          params: expect.objectContaining({ message: 'Delete a.txt?', mode: 'form' }),
        },
      });
      const retry = await rawCall2026(mod, DELETE_A, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      expect(retry.content).toEqual([{ type: 'text', text: 'deleted a.txt' }]);
      // Code before the ask ran once per round.
      expect(mod.exports?.effects).toEqual(['a.txt', 'a.txt']);
    });

    it('runs a step once across rounds: a thrown step records nothing, a step outside a round just runs', async () => {
      const mod = await loadFlavour(flavour);
      const call: Call = { kind: 'tool', name: 'journal', args: {} };
      const first = await rawCall2026(mod, call);
      expect(first.resultType).toBe('input_required');
      expect(mod.exports?.stepRuns).toEqual(['open', 'fails']);
      const retry = await rawCall2026(mod, call, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      // The first step's record came back ({ n: 1 }); the step that threw ran again.
      expect(retry.content).toEqual([{ type: 'text', text: '1 true true' }]);
      expect(mod.exports?.stepRuns).toEqual(['open', 'fails', 'fails']);
      expect(await (mod.exports?.stepOutside as () => Promise<number>)()).toBe(42);
    });

    it('journals a step whose value is plain data, and refuses one JSON cannot carry, naming the step', async () => {
      const mod = await loadFlavour(flavour);
      const plain: Call = { kind: 'tool', name: 'unfit', args: { kind: 'plain' } };
      const first = await rawCall2026(mod, plain);
      expect(first.resultType).toBe('input_required');
      const retry = await rawCall2026(mod, plain, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      expect(retry.content).toEqual([{ type: 'text', text: 'used' }]);
      const refused = {
        map: 'an instance of Map',
        date: 'an instance of Date',
        nan: 'the number NaN',
        instance: 'an instance of Dataset',
        nested: 'an instance of Date',
        bigint: 'a bigint',
      };
      for (const [kind, what] of Object.entries(refused)) {
        const result = await rawCall2026(mod, { kind: 'tool', name: 'unfit', args: { kind } });
        expect(result.resultType, kind).not.toBe('input_required');
        expect(JSON.stringify(result), kind).toContain(`step('lookup') gave ${what}, which requestState cannot carry`);
      }
    });

    it('keeps a step value JSON cannot carry in memory when the next round comes back to this process, and refuses it in a 2026-era request over HTTP', async () => {
      const call: Call = { kind: 'tool', name: 'kept', args: {} };
      for (const client of ['v1', 'v2'] as const) {
        const mod = await loadFlavour(flavour);
        const transcript = await runMigrated2025(mod, [call], { elicit: () => OK as never }, { client });
        // The value came back with its methods, and its effect ran once.
        expect({ client, results: JSON.stringify(transcript.results) }).toEqual({
          client,
          results: expect.stringContaining('rows 3'),
        });
        expect({ client, runs: mod.exports?.stepRuns }).toEqual({ client, runs: ['dataset'] });
      }
      const refused = await rawCall2026(await loadFlavour(flavour), call);
      expect(refused.resultType).not.toBe('input_required');
      expect(JSON.stringify(refused)).toContain(
        "step('dataset') gave an instance of Dataset, which requestState cannot carry between rounds of a 2026-era request over HTTP",
      );
    });

    it('runs a step again when the step reached has another label than the record (the path changed)', async () => {
      const mod = await loadFlavour(flavour);
      const call: Call = { kind: 'tool', name: 'journal', args: {} };
      const first = await rawCall2026(mod, call);
      (mod.exports?.relabel as { on: boolean }).on = true;
      const retry = await rawCall2026(mod, call, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      // Another label at step_1: it ran (n = 3) and its question changed, so the old answer is not used either.
      expect(mod.exports?.stepRuns).toEqual(['open', 'fails', 'open', 'fails']);
      expect(retry.inputRequests?.elicit_1?.params).toEqual(expect.objectContaining({ message: 'Journal 3?' }));
    });

    it('never gives an answer to another question: a changed question is asked again', async () => {
      const mod = await loadFlavour(flavour);
      const first = await rawCall2026(mod, DELETE_A);
      const other = await rawCall2026(
        mod,
        { kind: 'tool', name: 'delete', args: { path: 'b.txt' } },
        { inputResponses: { elicit_1: OK }, requestState: first.requestState! },
      );
      expect(other.resultType).toBe('input_required');
      expect(other.inputRequests?.elicit_1?.params).toEqual(expect.objectContaining({ message: 'Delete b.txt?' }));
    });

    it('ignores answers to questions the signed state did not ask, and rejects a tampered state', async () => {
      const mod = await loadFlavour(flavour);
      const unasked = await rawCall2026(mod, DELETE_A, { inputResponses: { elicit_1: OK } });
      expect(unasked.resultType).toBe('input_required');
      const first = await rawCall2026(mod, DELETE_A);
      const tampered = await rawCall2026(mod, DELETE_A, {
        inputResponses: { elicit_1: OK },
        requestState: tamperRequestState(first.requestState!),
      });
      expect(tampered.error?.code).toBe(-32602);
    });

    it('gives asks in a loop distinct keys and keeps earlier answers across rounds (2026 and the 2025 shim)', async () => {
      const call: Call = { kind: 'tool', name: 'delete_all', args: { paths: ['a', 'b', 'c'] } };
      const answers = [OK, { action: 'decline' }, OK];
      const script = () => {
        let n = 0;
        return { elicit: () => answers[n++] as never };
      };
      for (const run of [runMigrated2026, runMigrated2025]) {
        const transcript = await run(await loadFlavour(flavour), [call], script());
        expect(transcript.questions.map((q) => (q.params as { message: string }).message)).toEqual([
          'Delete a?',
          'Delete b?',
          'Delete c?',
        ]);
        expect(JSON.stringify(transcript.results)).toContain('deleted: a,c');
      }
      const mod = await loadFlavour(flavour);
      const first = await rawCall2026(mod, call);
      const second = await rawCall2026(mod, call, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      expect(Object.keys(second.inputRequests ?? {})).toEqual(['elicit_2']);
    });

    it('re-enters a three-ask handler once per round, and asks each question once, for every client', async () => {
      const call: Call = { kind: 'tool', name: 'setup', args: {} };
      const script = () => ({
        elicit: () => OK as never,
        sample: () => ({ role: 'assistant', content: { type: 'text', text: 'tidy' }, model: 'test-model' }) as never,
        roots: () => ({ roots: [{ uri: 'file:///work' }] }) as never,
      });
      const clients = {
        '2026 client': (mod: ServerModule) => runMigrated2026(mod, [call], script()),
        '2025 shim, v1 client': (mod: ServerModule) => runMigrated2025(mod, [call], script()),
        '2025 shim, v2 legacy client': (mod: ServerModule) => runMigrated2025(mod, [call], script(), { client: 'v2' }),
      };
      for (const [client, run] of Object.entries(clients)) {
        const mod = await loadFlavour(flavour);
        const transcript = await run(mod);
        // Three asks, one per round: three input_required rounds and the final one.
        expect({ client, runs: (mod.exports?.entries as Record<string, number>).setup }).toEqual({ client, runs: 4 });
        expect({ client, questions: transcript.questions.map((q) => q.method) }).toEqual({
          client,
          questions: ['elicitation/create', 'sampling/createMessage', 'roots/list'],
        });
        expect({ client, results: transcript.results }).toEqual({
          client,
          results: [{ content: [{ type: 'text', text: 'true tidy file:///work' }] }],
        });
      }
    });

    it('ask.request keeps the raw request: no content validation, the answer parsed with the result schema', async () => {
      const mod = await loadFlavour(flavour);
      const raw: Call = { kind: 'tool', name: 'raw', args: {} };
      const first = await rawCall2026(mod, raw);
      expect(first.inputRequests).toEqual({
        elicit_1: { method: 'elicitation/create', params: expect.objectContaining({ message: 'Raw?' }) },
      });
      const unchecked = await rawCall2026(mod, raw, {
        inputResponses: { elicit_1: { action: 'accept', content: { ok: 'not a boolean' } } },
        requestState: first.requestState!,
      });
      expect(unchecked.content).toEqual([{ type: 'text', text: '{"ok":"not a boolean"}' }]);
      const declined = await rawCall2026(mod, raw, {
        inputResponses: { elicit_1: { action: 'decline' } },
        requestState: first.requestState!,
      });
      expect(declined.isError).toBe(true);
      expect(JSON.stringify(declined.content)).toContain('Invalid elicitation/create result');
    });

    it('ignores a state minted for another call: the same tool with other arguments is asked again', async () => {
      const mod = await loadFlavour(flavour);
      const first = await rawCall2026(mod, { kind: 'tool', name: 'wipe', args: { id: 'n1' } });
      expect(first.resultType).toBe('input_required');
      const replayed = await rawCall2026(
        mod,
        { kind: 'tool', name: 'wipe', args: { id: 'n2' } },
        { inputResponses: { elicit_1: OK }, requestState: first.requestState! },
      );
      expect(replayed.resultType).toBe('input_required');
      const own = await rawCall2026(
        mod,
        { kind: 'tool', name: 'wipe', args: { id: 'n1' } },
        { inputResponses: { elicit_1: OK }, requestState: first.requestState! },
      );
      expect(own.content).toEqual([{ type: 'text', text: 'wiped n1' }]);
    });

    it('ignores a state minted by another tool called with the same arguments', async () => {
      const mod = await loadFlavour(flavour);
      const wipe = await rawCall2026(mod, { kind: 'tool', name: 'wipe', args: { id: 'n1' } });
      expect(Object.keys(wipe.inputRequests ?? {})).toEqual(['elicit_1']);
      const purge: Call = { kind: 'tool', name: 'purge', args: { id: 'n1' } };
      const replayed = await rawCall2026(mod, purge, {
        inputResponses: { elicit_1: OK },
        requestState: wipe.requestState!,
      });
      expect(replayed.resultType).toBe('input_required');
      expect(Object.keys(replayed.inputRequests ?? {})).toEqual(['elicit_1']);
      const own = await rawCall2026(mod, purge, {
        inputResponses: { elicit_1: OK },
        requestState: replayed.requestState!,
      });
      expect(own.content).toEqual([{ type: 'text', text: 'purged n1' }]);
    });

    it('checks answers with the SDK result schemas, as the old calls did', async () => {
      const mod = await loadFlavour(flavour);
      const setup: Call = { kind: 'tool', name: 'setup', args: {} };
      const first = await rawCall2026(mod, setup);
      const second = await rawCall2026(mod, setup, {
        inputResponses: { elicit_1: OK },
        requestState: first.requestState!,
      });
      expect(Object.keys(second.inputRequests ?? {})).toEqual(['sample_2']);
      const malformed = await rawCall2026(mod, setup, {
        inputResponses: { sample_2: { role: 'assistant', content: null, model: 'test-model' } },
        requestState: second.requestState!,
      });
      expect(malformed.isError).toBe(true);
      expect(JSON.stringify(malformed.content)).toContain('Invalid sampling/createMessage result');
      const badAction = await rawCall2026(mod, setup, {
        inputResponses: { elicit_1: { action: 'maybe' } },
        requestState: first.requestState!,
      });
      expect(JSON.stringify(badAction.content)).toContain('Invalid result for elicitation/create');
      const third = await rawCall2026(mod, setup, {
        inputResponses: { sample_2: { role: 'assistant', content: { type: 'text', text: 'tidy' }, model: 'm' } },
        requestState: second.requestState!,
      });
      const roots = await rawCall2026(mod, setup, {
        inputResponses: { roots_3: { roots: [{ uri: 42 }] } },
        requestState: third.requestState!,
      });
      expect(JSON.stringify(roots.content)).toContain('Invalid result for roots/list');
    });

    it('ends the round even when a catch without a guard swallows the signal', async () => {
      const mod = await loadFlavour(flavour);
      const first = await rawCall2026(mod, { kind: 'tool', name: 'swallow', args: {} });
      expect(first.resultType).toBe('input_required');
    });

    it('runs helpers that ask outside a request with scripted answers (runWithAnswers), checked as in a request', async () => {
      const mod = await loadFlavour(flavour);
      const scriptedSetup = mod.exports?.scriptedSetup as (
        answer: (q: { method: string }) => unknown,
      ) => Promise<string>;
      const asked: string[] = [];
      const answers: Record<string, unknown> = {
        'elicitation/create': OK,
        'sampling/createMessage': { role: 'assistant', content: { type: 'text', text: 'tidy' }, model: 'm' },
        'roots/list': { roots: [{ uri: 'file:///work' }] },
      };
      const text = await scriptedSetup((q) => {
        asked.push(q.method);
        return answers[q.method];
      });
      expect(text).toBe('true tidy file:///work');
      expect(asked).toEqual(['elicitation/create', 'sampling/createMessage', 'roots/list']);
      await expect(scriptedSetup(() => ({ action: 'maybe' }))).rejects.toThrow(
        /Invalid result for elicitation\/create/,
      );
    });

    it('warns once per handler when the replay state goes over its budget', async () => {
      const mod = await loadFlavour(flavour);
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const setup: Call = { kind: 'tool', name: 'setup', args: {} };
        const big = { role: 'assistant', content: { type: 'text', text: 'x'.repeat(20_000) }, model: 'm' };
        const first = await rawCall2026(mod, setup);
        const second = await rawCall2026(mod, setup, {
          inputResponses: { elicit_1: OK },
          requestState: first.requestState!,
        });
        expect(warn.mock.calls.filter((c) => /over its budget/.test(String(c[0])))).toHaveLength(0);
        for (let i = 0; i < 2; i++) {
          const third = await rawCall2026(mod, setup, {
            inputResponses: { sample_2: big },
            requestState: second.requestState!,
          });
          expect(third.resultType).toBe('input_required');
        }
        const over = warn.mock.calls.map((c) => String(c[0])).filter((m) => /over its budget/.test(m));
        expect(over).toHaveLength(1);
        expect(over[0]).toMatch(/tools\/call is \d+ bytes, over its budget of 16384/);
      } finally {
        warn.mockRestore();
      }
    });

    it('fails clearly when an ask is reached outside a wrapped handler', async () => {
      const mod = await loadFlavour(flavour);
      await expect((mod.exports?.askOutside as () => Promise<unknown>)()).rejects.toThrow(
        /outside a handler wrapped with withAsks/,
      );
    });
  });
}

describe('the runtime source file', () => {
  it('is the module the user receives in TypeScript, byte for byte, and loads as a module of this project', () => {
    const file = path.join(import.meta.dirname, '..', 'transforms', 'mrtr', 'replay', 'runtime', 'mcp-mrtr-runtime.ts');
    expect(replayRuntimeSource({ typescript: true, module: 'esm' })).toBe(fs.readFileSync(file, 'utf8'));
    for (const name of ['withAsks', 'step', 'runWithAnswers', 'isInputRequiredSignal', 'rethrowInputRequired'] as const)
      expect(typeof runtime[name], name).toBe('function');
    expect(Object.keys(runtime.ask).sort()).toEqual(['createMessage', 'elicitInput', 'listRoots', 'request']);
  });
});
