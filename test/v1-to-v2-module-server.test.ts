import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, migratedTree } from './support/fixtures.js';
import { confirmOnceScript, removeTemps } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

// A module-level server with its registrations in the same module, served over stdio: wrapped into a factory.
describe('v1 module-level server served over stdio', () => {
  // The fixture `v1-to-v2-cli/rewrite-module-server` pins the migration (wrapped into build(), served by
  // serveStdio(() => build()), its ask rewritten; strict compile with the rewrite fixtures); here it runs.
  const MODULE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-module-server');
  const MODULE_INPUT = path.join(MODULE, 'input');
  const MODULE_EXPECTED = migratedTree(MODULE);
  const greetCalls: Call[] = [
    { kind: 'tool', name: 'greet', args: { name: 'Ada' } },
    { kind: 'tool', name: 'greet', args: { name: 'Bob' } },
  ];

  it('answers as the v1 original over stdio, as real child processes, in both eras', async () => {
    const original = path.join(compileTree(MODULE_INPUT), 'src', 'index.js');
    const migrated = path.join(compileTree(MODULE_EXPECTED), 'src', 'index.js');
    elicits = 0;
    const viaV1 = await runOverStdio(original, 'v1', greetCalls, script);
    expect(viaV1.results.map((r) => JSON.stringify(r))).toEqual([
      JSON.stringify({ content: [{ type: 'text', text: 'Hello, Ada!' }] }),
      JSON.stringify({ content: [{ type: 'text', text: 'Not greeted.' }] }),
    ]);
    for (const era of ['2025', '2026'] as const) {
      elicits = 0;
      expect(await runOverStdio(migrated, era, greetCalls, script), era).toEqual(viaV1);
    }
  });

  // A stdio transport in a function's own const goes with the connect, one held in a let is a review item, and an
  // exported module-level server is not wrapped: fixtures `v1-to-v2-cli/rewrite-serving-transport-const`,
  // `review-serving-transport-let`, `review-serving-exported-module-server`.
});

// Entries as real servers write them (issue 18): connect inside main(), a transport const, a factory with its own
// `server`, top-level await, a module-level server handed to registration helpers and connected in main(). Uses are counted by scope, so each becomes serveStdio(() => factory()).
describe('v1 stdio entries of other shapes', () => {
  // The fixture `v1-to-v2-cli/rewrite-stdio-entries` pins the migration (each entry served by serveStdio, the module
  // server wrapped into build(); strict compile with the rewrite fixtures); here they run.
  const ENTRIES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-stdio-entries');
  const ENTRIES_INPUT = path.join(ENTRIES, 'input');
  const ENTRIES_EXPECTED = migratedTree(ENTRIES);

  it('answer as the v1 originals over stdio, as real child processes, in both eras', async () => {
    const calls: Record<string, Call[]> = {
      'main.js': [
        { kind: 'tool', name: 'greet', args: { name: 'Ada' } },
        { kind: 'tool', name: 'greet', args: { name: 'Bob' } },
      ],
      'top.js': [{ kind: 'tool', name: 'echo', args: {} }],
      'module.js': [{ kind: 'tool', name: 'shout', args: { word: 'hi' } }],
    };
    const original = compileTree(ENTRIES_INPUT);
    const migrated = compileTree(ENTRIES_EXPECTED);
    for (const [entry, entryCalls] of Object.entries(calls)) {
      elicits = 0;
      const viaV1 = await runOverStdio(path.join(original, 'src', entry), 'v1', entryCalls, script);
      expect(viaV1.results.length, entry).toBe(entryCalls.length);
      for (const era of ['2025', '2026'] as const) {
        elicits = 0;
        expect(
          await runOverStdio(path.join(migrated, 'src', entry), era, entryCalls, script),
          `${entry} ${era}`,
        ).toEqual(viaV1);
      }
    }
  });
});
