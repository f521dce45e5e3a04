// A failed file fails visibly: a site the plan rewrites in a file the run could not change is reported as a review
// item, never as rewritten, and a module the plan creates for files that failed is not written. Shown with a small
// transform of this test's own through the contract (lib/transform.ts), so that the failure is certain.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TextEdit } from '../lib/edits.js';
import type { Site } from '../lib/model.js';
import { run } from '../lib/runner.js';
import type { Transform } from '../lib/transform.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const SOURCE = 'export const answer = 41;\n';

function site(file: string): Site {
  return {
    id: `toy-${file}`,
    transform: 'toy',
    file,
    line: 1,
    column: 1,
    kind: 'elicitation',
    form: 'toy.ask',
    sdk: 'v2',
    code: 'answer',
    family: 'tools/call',
    families: ['tools/call'],
    chain: [],
    chains: [],
    guards: [],
    decision: 'rewritten',
    strategy: 'replay',
  };
}

/** A transform that rewrites `a.ts` with the given edits and creates `toy-runtime.ts` beside it. */
function toy(edits: TextEdit[]): Transform {
  return {
    id: 'toy',
    reasons: { 'rewrite-failed': { message: 'not applied', advice: 'look at the file' } },
    unappliedReason: 'rewrite-failed',
    planner: {
      mayHoldWork: () => true,
      load: async () => (project) => ({
        sites: [site('a.ts')],
        edits: new Map([[path.join(project.root, 'a.ts'), edits]]),
        files: new Map([[path.join(project.root, 'toy-runtime.ts'), 'export const runtime = true;\n']]),
      }),
    },
  };
}

function tree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-unapplied-'));
  temps.push(dir);
  fs.writeFileSync(path.join(dir, 'a.ts'), SOURCE);
  return dir;
}

describe('a file the run cannot change', () => {
  it('reports its rewritten sites as review items and writes no module for it', async () => {
    const dir = tree();
    // Two edits over the same text: applying them fails ("overlapping edits"), so a.ts is left as it was.
    const report = await run(
      [
        toy([
          { start: 7, end: 20, text: 'const x = 1' },
          { start: 13, end: 25, text: 'y' },
        ]),
      ],
      { paths: [dir] },
      'migrate',
    );
    expect(report.sites.map((s) => [s.file, s.decision, s.reason])).toEqual([['a.ts', 'review', 'rewrite-failed']]);
    expect(report.sites[0]!.message).toMatch(/^not applied: a\.ts: .*overlapping edits/);
    expect(report.totals.rewritten).toBe(0);
    expect(report.files.find((f) => f.file === 'a.ts')?.status).toBe('error');
    expect(report.files.find((f) => f.file === 'toy-runtime.ts')).toMatchObject({
      status: 'skipped',
      problem: { kind: 'not-imported' },
    });
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(SOURCE);
    expect(fs.existsSync(path.join(dir, 'toy-runtime.ts'))).toBe(false);
  });

  it('keeps a site rewritten, and writes the module, when its file is changed', async () => {
    const dir = tree();
    const report = await run(
      [toy([{ start: 0, end: 0, text: "import { runtime } from './toy-runtime.js';\n" }])],
      { paths: [dir] },
      'migrate',
    );
    expect(report.sites.map((s) => [s.file, s.decision])).toEqual([['a.ts', 'rewritten']]);
    expect(fs.existsSync(path.join(dir, 'toy-runtime.ts'))).toBe(true);
  });

  it.each(['dry-run', 'migrate'] as const)(
    '%s: leaves unwritten the changed files linked to it by imports, and only those',
    async (mode) => {
      const dir = tree();
      const b = "import { answer } from './a.js';\nexport const b = answer;\n";
      const c = 'export const c = 1;\n';
      fs.writeFileSync(path.join(dir, 'b.ts'), b);
      fs.writeFileSync(path.join(dir, 'c.ts'), c);
      const transform: Transform = {
        ...toy([]),
        planner: {
          mayHoldWork: () => true,
          load: async () => (project) => ({
            sites: [site('a.ts')],
            edits: new Map([
              // a.ts: edits that overlap, so its change cannot be made; b.ts imports it; c.ts stands alone.
              [
                path.join(project.root, 'a.ts'),
                [
                  { start: 7, end: 20, text: 'const x = 1' },
                  { start: 13, end: 25, text: 'y' },
                ],
              ],
              [path.join(project.root, 'b.ts'), [{ start: b.length, end: b.length, text: 'export const more = 2;\n' }]],
              [path.join(project.root, 'c.ts'), [{ start: c.length, end: c.length, text: 'export const d = 2;\n' }]],
            ]),
          }),
        },
      };
      const report = await run([transform], { paths: [dir] }, mode);
      const status = Object.fromEntries(report.files.map((f) => [f.file, [f.status, f.problem?.message]]));
      expect(status['a.ts']?.[0]).toBe('error');
      expect(status['b.ts']).toEqual([
        'error',
        expect.stringMatching(/^b\.ts: not written: its change goes with a\.ts's, which could not be made/),
      ]);
      expect(status['c.ts']).toEqual(['changed', undefined]);
      expect(fs.readFileSync(path.join(dir, 'b.ts'), 'utf8')).toBe(b);
      expect(fs.readFileSync(path.join(dir, 'c.ts'), 'utf8')).toBe(
        mode === 'migrate' ? `${c}export const d = 2;\n` : c,
      );
    },
  );
});
