import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverFixtures, expectedOutputs, readTree, type Fixture } from './support/fixtures.js';
import {
  loadServerModule,
  rawCall2026,
  readableRequestState,
  requestStatePayload,
  runMigrated2025,
  runMigrated2026,
  runMigrated2026OverStdio,
  runOriginal,
  urlErrorsAsToolErrors,
  type Call,
  type ClientCapabilities,
  type ClientScript,
  type RawResult,
} from './support/equivalence.js';

interface Scenario {
  sdk: 'v1' | 'v2';
  /** For folder fixtures: the module exporting `build()`, relative to `input/`. */
  entry?: string;
  /**
   * Several modules exporting `build()` (servers built apart that share handlers): each is run through every script;
   * the probes below use the first.
   */
  entries?: string[];
  calls: Call[];
  /**
   * A function the server module exports that returns how often each of its effects ran (`{ inserts: 2 }`), counted
   * in module state: after each run the counts of the original and of the migrated server (in both eras) must be the
   * same, so an effect that a replayed handler runs again on a later round fails the fixture.
   */
  effects?: string;
  /**
   * `stdio`: the migrated server's 2026 era is run as `serveStdio(build)` serves it (one process per client, no HTTP),
   * for a server whose journal keeps a value JSON cannot carry in memory between rounds; its state probes, which run
   * over HTTP where such a value is refused by design, are left to the other fixtures.
   */
  transport?: 'stdio';
  /**
   * A function the server module exports that finishes a URL elicitation out of band (e.g. the OAuth callback
   * that links an account); called with the question's params whenever the script accepts a URL elicitation.
   */
  completeUrl?: string;
  /**
   * Named client scripts: the answers to give, in order, per question kind. `urlFinished: false`: the user
   * accepts URL elicitations but never finishes them (`completeUrl` is not called). `calls`: this script's
   * own calls instead of the scenario's (e.g. a client without a capability, only for the calls that check it).
   */
  scripts: Record<
    string,
    {
      elicit?: unknown[];
      sample?: unknown[];
      roots?: unknown[];
      capabilities?: ClientCapabilities;
      urlFinished?: boolean;
      calls?: Call[];
    }
  >;
}

function scenarioFile(fixture: Fixture): string {
  return fixture.isFolder
    ? path.join(path.dirname(fixture.inputPath), 'scenario.json')
    : fixture.inputPath.replace(/\.input\.[a-z]+$/, '.scenario.json');
}

function scenarioOf(fixture: Fixture): Scenario {
  const file = scenarioFile(fixture);
  if (!fs.existsSync(file))
    throw new Error(
      `rewrite fixture ${fixture.name} has no scenario (${path.basename(file)}): a rewrite counts only when both servers ran`,
    );
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
}

/** A client that answers the n-th question of a kind with the n-th scripted answer (the last one repeats). */
function clientScript(answers: Scenario['scripts'][string]): ClientScript {
  const pick = (list: unknown[] | undefined) => {
    let n = 0;
    return list ? () => list[Math.min(n++, list.length - 1)] as never : undefined;
  };
  const elicit = pick(answers.elicit);
  const sample = pick(answers.sample);
  const roots = pick(answers.roots);
  return { ...(elicit ? { elicit } : {}), ...(sample ? { sample } : {}), ...(roots ? { roots } : {}) };
}

function writeTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-equivalence-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

// Every rewrite fixture of the MRTR transform, and any other fixture that names a scenario (a review fixture whose file
// also holds a rewritten site; a v1 step fixture's serving rewrite, whose servers the v1-to-v2 tests run).
const rewrites = discoverFixtures().filter(
  (f) => (f.decision === 'rewrite' && f.transform === 'mrtr') || fs.existsSync(scenarioFile(f)),
);

/** The effect counts a server module reports through the function the scenario names. */
function effectCountsOf(mod: Awaited<ReturnType<typeof loadServerModule>>, name: string): Record<string, number> {
  const counts = mod.exports?.[name];
  if (typeof counts !== 'function') throw new Error(`the server module does not export ${name}()`);
  return (counts as () => Record<string, number>)();
}

/** The runtime's text with a `step` that runs its effect every time and records nothing. */
function withoutJournal(runtime: string): string {
  const head = /^(export )?function step(<T>)?\(label[^\n]*\{\n/m;
  if (!head.test(runtime)) throw new Error('the runtime has no step function');
  return runtime.replace(head, (line) => `${line}  return settle(run, (value) => value);\n`);
}

/** A well-formed answer of each kind, for retries that answer part of a round. */
const ANSWER_OF = {
  'elicitation/create': { action: 'decline' },
  'sampling/createMessage': { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'test-model' },
  'roots/list': { roots: [] },
};

/** The call with its first string argument changed (a tool's or prompt's), or undefined when it has none. */
function withOtherArguments(call: Call): Call | undefined {
  if (call.kind === 'resource' || call.kind === 'tools' || call.kind === 'resources' || !call.args) return undefined;
  const entry = Object.entries(call.args).find(([, value]) => typeof value === 'string');
  if (!entry) return undefined;
  return { ...call, args: { ...call.args, [entry[0]]: `${entry[1] as string}-other` } } as Call;
}

/**
 * The strings of a state's payload the server put there from its own data: every string value except what the
 * client sent (a substring of its arguments or answers) and the state's own bookkeeping (step names, the call's
 * arguments, replay's digests and question fingerprints).
 */
function serverStrings(value: unknown, clientText: string, key = ''): string[] {
  if (typeof value === 'string') {
    if (['step', 'call', 'question'].includes(key) || value.length < 4) return [];
    return clientText.includes(JSON.stringify(value).slice(1, -1)) ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((v) => serverStrings(v, clientText, key));
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
      key === 'asked' ? [] : serverStrings(v, clientText, k),
    );
  return [];
}

/** The answers a script gives to one round's questions. */
async function answersTo(result: RawResult, script: ClientScript, round: number): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const [key, request] of Object.entries(result.inputRequests ?? {})) {
    if (request.method === 'elicitation/create') answers[key] = await script.elicit?.(request.params as never, round);
    else if (request.method === 'sampling/createMessage')
      answers[key] = await script.sample?.(request.params as never, round);
    else answers[key] = await script.roots?.(round);
  }
  return answers;
}

describe('rewrite fixtures: the original and the migrated server behave the same', () => {
  it('has rewrite fixtures', () => expect(rewrites.length).toBeGreaterThan(5));

  for (const fixture of rewrites) {
    describe(fixture.name, () => {
      const scenario = scenarioOf(fixture);
      const input = fixture.isFolder
        ? readTree(fixture.inputPath)
        : { [path.basename(fixture.inputPath).replace('.input.', '.')]: fs.readFileSync(fixture.inputPath, 'utf8') };
      const entries = scenario.entries ?? [scenario.entry ?? Object.keys(input)[0]!];
      const entry = entries[0]!;
      // A fresh module instance per run: module-level state (e.g. linked accounts) must not leak between runs or eras.
      const loadEntry = async (files: Record<string, string>, module: string) =>
        loadServerModule(path.join(writeTree(files), module), { fresh: true });
      const load = (files: Record<string, string>) => loadEntry(files, entry);
      const run2026 = scenario.transport === 'stdio' ? runMigrated2026OverStdio : runMigrated2026;
      const migratedFiles = fixture.isFolder
        ? expectedOutputs(fixture, input)
        : { [entry]: fs.readFileSync(fixture.inputPath.replace('.input.', '.output.'), 'utf8') };

      for (const [name, answers] of Object.entries(scenario.scripts))
        for (const module of entries) {
          const of = entries.length > 1 ? ` (${module})` : '';
          it(`asks the same and returns the same (${name}) in the 2026 era and through the 2025 shim${of}`, async () => {
            const [original, migrated2026, migrated2025] = await Promise.all([
              loadEntry(input, module),
              loadEntry(migratedFiles, module),
              loadEntry(migratedFiles, module),
            ]);
            // A script may narrow the client's capabilities, to drive the server's fallback branch.
            const options = {
              ...(answers.capabilities ? { capabilities: answers.capabilities } : {}),
              ...(scenario.completeUrl && answers.urlFinished !== false ? { completeUrl: scenario.completeUrl } : {}),
            };
            const calls = answers.calls ?? scenario.calls;
            const before = await runOriginal(original, scenario.sdk, calls, clientScript(answers), options);
            if (!answers.capabilities) expect(before.questions.length).toBeGreaterThan(0);
            // The only outcome that differs by design: a declined URL elicitation's -32042 error is now a tool error.
            const expected = urlErrorsAsToolErrors(before, calls);
            expect(await run2026(migrated2026, calls, clientScript(answers), options)).toEqual(expected);
            expect(await runMigrated2025(migrated2025, calls, clientScript(answers), options)).toEqual(expected);
            if (scenario.effects) {
              // Each effect ran as often as in the original: once, though a replayed handler runs again on each round.
              const counts = effectCountsOf(original, scenario.effects);
              expect(Object.values(counts).some((n) => n > 0)).toBe(true);
              expect(effectCountsOf(migrated2026, scenario.effects), '2026 era').toEqual(counts);
              expect(effectCountsOf(migrated2025, scenario.effects), '2025 era').toEqual(counts);
            }
          });
        }

      // The counts above fail without the journal: the same migrated server whose `step` runs its effect on every
      // round (no record) runs some effect more often than the original.
      if (scenario.effects && scenario.scripts.accept) {
        it('effect counts differ when steps are not journaled', async () => {
          const runtime = Object.keys(migratedFiles).find((f) => /mcp-mrtr-runtime\.[cm]?[jt]s$/.test(f))!;
          const unjournaled = { ...migratedFiles, [runtime]: withoutJournal(migratedFiles[runtime]!) };
          const [original, migrated] = await Promise.all([load(input), load(unjournaled)]);
          const script = scenario.scripts.accept!;
          await runOriginal(original, scenario.sdk, scenario.calls, clientScript(script));
          await run2026(migrated, scenario.calls, clientScript(script));
          expect(effectCountsOf(migrated, scenario.effects!)).not.toEqual(effectCountsOf(original, scenario.effects!));
        });
      }

      // A server whose journal keeps a value JSON cannot carry (stdio scenarios): over HTTP in the 2026 era, where
      // another instance may answer the next round, its step refuses the value with an error that names it.
      const overHttp = scenario.transport !== 'stdio';
      if (!overHttp)
        it('refuses a kept value in a 2026-era request over HTTP, naming the step', async () => {
          const first = await rawCall2026(await load(migratedFiles), scenario.calls[0]!);
          expect(first.resultType).not.toBe('input_required');
          expect(JSON.stringify(first)).toMatch(
            /step\('[^']+'\) gave [^,]+, which requestState cannot carry between rounds of a 2026-era request over HTTP/,
          );
        });

      // Hostile-client probes: malformed sampling answers (every form); for handlers that keep their rounds in signed
      // state (step functions, replay), unsolicited answers and cross-call replay.
      if (overHttp)
        it('state probes: unsolicited answers, cross-call replay, malformed sampling answers', async () => {
          const migrated = await load(migratedFiles);
          const call = scenario.calls[0]!;
          const first = await rawCall2026(migrated, call);
          const keys = Object.keys(first.inputRequests ?? {});
          const answers = Object.fromEntries(
            keys.map((key) => [key, ANSWER_OF[first.inputRequests![key]!.method as keyof typeof ANSWER_OF]]),
          );
          // A malformed sampling answer fails the ask as the old call did (a fallback may catch it), never as a
          // TypeError in user code: in every form (write-once, step function, replay).
          if (Object.values(answers).includes(ANSWER_OF['sampling/createMessage'])) {
            const malformed = Object.fromEntries(
              Object.entries(answers).map(([key, answer]) => [
                key,
                answer === ANSWER_OF['sampling/createMessage']
                  ? { role: 'assistant', content: null, model: 'm' }
                  : answer,
              ]),
            );
            const outcome = await rawCall2026(migrated, call, {
              inputResponses: malformed,
              ...(first.requestState === undefined ? {} : { requestState: first.requestState }),
            });
            expect(JSON.stringify(outcome)).not.toMatch(/TypeError|Cannot read properties/);
          }
          if (first.requestState === undefined) return; // a write-once form: the SDK's stateless idiom
          // A request without state uses no answer: it is asked the same round.
          const unsolicited = await rawCall2026(migrated, call, { inputResponses: answers });
          expect(unsolicited.resultType).toBe('input_required');
          expect(Object.keys(unsolicited.inputRequests ?? {})).toEqual(keys);
          // A state minted for this call, replayed into a call with other arguments, is not this call's state.
          const other = withOtherArguments(call);
          if (other) {
            const fresh = await rawCall2026(migrated, other);
            // A state of this call not opened yet (each opens once; the malformed probe may have opened the first).
            const minted = await rawCall2026(migrated, call);
            const replayed = await rawCall2026(migrated, other, {
              inputResponses: answers,
              requestState: minted.requestState,
            });
            expect(replayed.resultType).toBe(fresh.resultType);
            expect(Object.keys(replayed.inputRequests ?? {})).toEqual(Object.keys(fresh.inputRequests ?? {}));
          }
        });

      // The SDK codec signs but does not encrypt: a value the server put in the state must not be readable there.
      if (overHttp)
        it('state probe: no server data readable in requestState', async () => {
          const migrated = await load(migratedFiles);
          for (const answers of Object.values(scenario.scripts)) {
            const options = answers.capabilities ? { capabilities: answers.capabilities } : {};
            const calls = answers.calls ?? scenario.calls;
            const clientText = JSON.stringify({ calls, answers });
            const script = clientScript(answers);
            for (const call of calls) {
              let extra: { inputResponses?: Record<string, unknown>; requestState?: string } = {};
              for (let round = 1; round <= 6; round++) {
                const result = await rawCall2026(migrated, call, extra, options);
                if (result.resultType !== 'input_required' || !result.requestState) break;
                const readable = [result.requestState, readableRequestState(result.requestState)];
                const leaked = serverStrings(requestStatePayload(result.requestState), clientText).filter((value) =>
                  readable.some((text) => text.includes(value) || text.includes(JSON.stringify(value).slice(1, -1))),
                );
                expect(leaked, `server data readable in the requestState of ${JSON.stringify(call)}`).toEqual([]);
                extra = { inputResponses: await answersTo(result, script, round), requestState: result.requestState };
              }
            }
          }
        });

      if (overHttp)
        it('asks again when a retry lacks the answer', async () => {
          const migrated = await load(migratedFiles);
          const first = await rawCall2026(migrated, scenario.calls[0]!);
          expect(first.resultType).toBe('input_required');
          const keys = Object.keys(first.inputRequests ?? {});
          expect(keys.length).toBeGreaterThan(0);
          const retry = await rawCall2026(migrated, scenario.calls[0]!, {
            inputResponses: { not_the_key: { action: 'accept', content: {} } },
          });
          expect(retry.resultType).toBe('input_required');
          expect(Object.keys(retry.inputRequests ?? {})).toEqual(keys);
          if (keys.length > 1) {
            // A round answered only in part is asked again in full: the next retry carries only that round's answers.
            const request = first.inputRequests![keys[0]!]!;
            const partial = await rawCall2026(migrated, scenario.calls[0]!, {
              inputResponses: { [keys[0]!]: ANSWER_OF[request.method as keyof typeof ANSWER_OF] },
            });
            expect(partial.resultType).toBe('input_required');
            expect(Object.keys(partial.inputRequests ?? {})).toEqual(keys);
          }
        });
    });
  }
});
