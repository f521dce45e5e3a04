import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileTree, runOverStdio, type Call } from './support/equivalence.js';
import { FIXTURES_ROOT, migratedTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { confirmOnceScript, removeTemps, tempTree } from './support/v1-to-v2.js';

afterEach(removeTemps);

let elicits = 0;
// The first confirmation is accepted, the next declined.
const script = confirmOnceScript(() => elicits++);

// Stdio entries as the real servers of the end-to-end run write them (issue 18): a server built and registered inside
// main() next to setup of its own (its connect's .catch included), a factory's `{ server, cleanup }` with a signal
// handler after the connect, a singleton imported from the module whose exported factory builds it. Each is served by
// serveStdio, and so is a module-level server read by a registration function main() calls and by a signal handler
// (rebound per connection); the shapes it cannot rewrite safely (the server returned to a caller that keeps it, a
// factory that builds process-wide values) stay for review with advice naming what holds them.
describe('v1 stdio entries of the real servers', () => {
  // The fixture `v1-to-v2-cli/review-stdio-shapes` pins what the migration makes of them (output, findings and their
  // lines, the advice in each review marker, dry run, a second run); here they are compiled and run.
  const SHAPES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'review-stdio-shapes');
  const INPUT = path.join(SHAPES, 'input');
  const EXPECTED = migratedTree(SHAPES);

  it('compiles under strict TypeScript (NodeNext)', () => {
    const files = [
      'classic.ts',
      'field.ts',
      'inline.ts',
      'destructured.ts',
      'factory.ts',
      'imported.ts',
      'singleton.ts',
      'started.ts',
      'start.ts',
      'spaced.ts',
      'shutdown.ts',
      'closing.ts',
    ];
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
      'spaced.js': [{ kind: 'tool', name: 'ping', args: {} }],
      'shutdown.js': [{ kind: 'tool', name: 'ping', args: {} }],
      'closing.js': [{ kind: 'tool', name: 'ping', args: {} }],
      'imported.js': [{ kind: 'tool', name: 'epoch', args: {} }],
      'global.js': [{ kind: 'tool', name: 'hello', args: {} }],
      'field.js': [
        { kind: 'tool', name: 'add', args: { by: 2 } },
        { kind: 'tool', name: 'add', args: { by: 5 } },
      ],
      'classic.js': [
        { kind: 'tool', name: 'note', args: { text: 'milk' } },
        { kind: 'tool', name: 'notes', args: {} },
        { kind: 'tool', name: 'note', args: { text: 'eggs' } },
        { kind: 'tool', name: 'notes', args: {} },
      ],
      'start.js': [
        { kind: 'tool', name: 'greet', args: {} },
        { kind: 'tool', name: 'greet', args: {} },
      ],
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

// The shapes that decide between the rewrite and review (servers built in the function that connects them, a class's
// this.server, a returned server and its callers, a module-level server read by functions) are fixtures:
// `__fixtures__/v1-to-v2-cli/{rewrite,review,skip}-serving-*`. What a fixture cannot say: Node parses the output.
describe('v1 stdio entries: a class in plain JavaScript', () => {
  it('the method has no TypeScript modifier, and Node parses the result', () => {
    const output = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'rewrite-serving-class-javascript', 'output', 'src');
    const text = fs.readFileSync(path.join(output, 'index.js'), 'utf8');
    expect(text).toContain('\n  buildServer() {\n');
    expect(text).not.toContain('private');
    // As an ES module, as the fixture's package.json has it.
    const file = path.join(tempTree({ 'index.mjs': text }), 'index.mjs');
    const checked = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
    expect(checked.stderr).toBe('');
    expect(checked.status).toBe(0);
  });
});
