import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, readTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { confirmOnceScript, copyOf, expectTree, removeTemps, run } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted, the next declined.
const script = confirmOnceScript(() => elicits++);

// Stdio entries as the real servers of the end-to-end run write them (issue 18): a server built and registered inside
// main() next to setup of its own (its connect's .catch included), a factory's `{ server, cleanup }` with a signal
// handler after the connect, a singleton imported from the module whose exported factory builds it. Each is served by
// serveStdio; the shapes it cannot rewrite safely (the server returned, a factory that builds process-wide values, a
// module-level server read by functions) stay for review with advice naming what holds them.
describe('v1 stdio entries of the real servers', () => {
  const SHAPES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'stdio-shapes');
  const INPUT = path.join(SHAPES, 'input');
  const EXPECTED = path.join(SHAPES, 'expected');

  it('serve through serveStdio, or stay for review with advice naming what holds them; a second run changes nothing', () => {
    const dir = copyOf(INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.stderr).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    const serving = (report.findings ?? []).filter((f) => /serv/.test(f.reason));
    expect(serving.map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual([
      'src/destructured.ts:9 served-by-serve-stdio',
      'src/global.ts:15 serving-2025-only',
      'src/imported.ts:11 served-by-serve-stdio',
      'src/inline.ts:39 served-by-serve-stdio',
      'src/returned.ts:15 serving-2025-only',
      'src/shared.ts:22 serving-2025-only',
    ]);
    const output = readTree(dir);
    // A review item's line is the connect's in the migrated text, under its marker (a note's is the connect's in the official codemod's output).
    for (const f of serving.filter((s) => s.decision === 'review'))
      expect(output[f.file]!.split('\n')[f.line - 2], `${f.file}:${f.line}`).toMatch(
        /@mcp-mrtr-review serving-2025-only/,
      );
    const advice = Object.fromEntries(serving.map((f) => [f.file, f.message]));
    expect(advice['src/global.ts']).toContain('function registerTools() (line 7)');
    expect(advice['src/returned.ts']).toContain('serveStdio(() => createServer())');
    expect(advice['src/shared.ts']).toMatch(/createServer\(\) builds more than the server: bus /);
    expectTree(output, EXPECTED);
    const again = run(['--report', 'json', dir]);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    const files = ['inline.ts', 'destructured.ts', 'factory.ts', 'imported.ts', 'singleton.ts'];
    expect(
      strictDiagnostics(
        files.map((f) => path.join(EXPECTED, 'src', f)),
        REPO_ROOT,
      ),
    ).toEqual([]);
  });

  it('answer as the v1 originals over stdio, as real child processes, in both eras', async () => {
    const calls: Record<string, Call[]> = {
      'inline.js': [
        { kind: 'tool', name: 'add', args: { entry: 'rent' } },
        { kind: 'tool', name: 'count', args: {} },
        { kind: 'tool', name: 'add', args: { entry: 'food' } },
      ],
      'destructured.js': [{ kind: 'tool', name: 'status', args: {} }],
      'imported.js': [{ kind: 'tool', name: 'epoch', args: {} }],
    };
    const original = compileTree(INPUT);
    const migrated = compileTree(EXPECTED);
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
