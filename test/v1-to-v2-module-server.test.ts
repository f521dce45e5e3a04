import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, readTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { confirmOnceScript, copyOf, expectTree, removeTemps, run } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted (the note goes), the next declined.
const script = confirmOnceScript(() => elicits++);

// A module-level server with its registrations in the same module, served over stdio: wrapped into a factory.
describe('v1 module-level server served over stdio', () => {
  const MODULE = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'module-server');
  const MODULE_INPUT = path.join(MODULE, 'input');
  const MODULE_EXPECTED = path.join(MODULE, 'expected');
  const greetCalls: Call[] = [
    { kind: 'tool', name: 'greet', args: { name: 'Ada' } },
    { kind: 'tool', name: 'greet', args: { name: 'Bob' } },
  ];

  it('is wrapped into build() and served by serveStdio(() => build()); a second run changes nothing', () => {
    const dir = copyOf(MODULE_INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.sites.map((s) => `${s.file}:${s.line} ${s.decision}`)).toEqual(['src/index.ts:10 rewritten']);
    expect(report.findings?.map((f) => `${f.file} ${f.reason}`)).toContain('src/index.ts served-by-serve-stdio');
    const output = readTree(dir);
    expectTree(output, MODULE_EXPECTED);
    expect(output['src/index.ts']).toMatch(/^function build\(\): McpServer \{$/m);
    expect(output['src/index.ts']).toMatch(/^serveStdio\(\(\) => build\(\)\);$/m);
    const again = run(['--report', 'json', dir]);
    expect(again.code, again.why).toBe(0);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnostics([path.join(MODULE_EXPECTED, 'src', 'index.ts')], REPO_ROOT)).toEqual([]);
  });

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
  const ENTRIES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'stdio-entries');
  const ENTRIES_INPUT = path.join(ENTRIES, 'input');
  const ENTRIES_EXPECTED = path.join(ENTRIES, 'expected');

  it('serve through serveStdio: main() and a top-level await entry, a factory with its own server', () => {
    const dir = copyOf(ENTRIES_INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    const serving = (report.findings ?? []).filter((f) => /serv/.test(f.reason)).map((f) => `${f.file} ${f.reason}`);
    expect(serving.sort()).toEqual([
      'src/main.ts served-by-serve-stdio',
      'src/module.ts served-by-serve-stdio',
      'src/top.ts served-by-serve-stdio',
    ]);
    const output = readTree(dir);
    expectTree(output, ENTRIES_EXPECTED);
    expect(output['src/main.ts']).toMatch(/^ {2}serveStdio\(\(\) => createServer\(\)\);$/m);
    expect(output['src/top.ts']).toMatch(/^serveStdio\(\(\) => openServer\(\)\);$/m);
    expect(output['src/main.ts']).toContain("console.error('greeter running on stdio');");
    // A module-level server handed to a registration helper, connected in main(): wrapped into build().
    expect(output['src/module.ts']).toMatch(/^ {2}serveStdio\(\(\) => build\(\)\);$/m);
    expect(output['src/module.ts']).toMatch(/^ {2}registerShout\(server, prefix\);$/m);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    const files = ['main.ts', 'top.ts', 'server.ts', 'module.ts'].map((f) => path.join(ENTRIES_EXPECTED, 'src', f));
    expect(strictDiagnostics(files, REPO_ROOT)).toEqual([]);
  });

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
