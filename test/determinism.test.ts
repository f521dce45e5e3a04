/**
 * Idempotency and determinism over everything at once: every fixture input and both examples in one
 * tree. The migration run twice changes nothing the second time; the same input gives the same bytes
 * and the same report whatever order the files are named in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { migrate } from '../api/index.js';
import { REPO_ROOT, discoverFixtures, readTree } from './support/fixtures.js';

const SKIP = new Set(['node_modules', 'dist']);
const temps: string[] = [];

/** One tree: each fixture under `fixtures/<name>/`, each example under `examples/<name>/` (sources and configs only). */
function buildTree(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-determinism-'));
  temps.push(dir);
  for (const fixture of discoverFixtures()) {
    const into = path.join(dir, 'fixtures', fixture.name);
    if (fixture.isFolder) fs.cpSync(fixture.inputPath, into, { recursive: true });
    else {
      fs.mkdirSync(into, { recursive: true });
      fs.copyFileSync(fixture.inputPath, path.join(into, path.basename(fixture.inputPath).replace('.input.', '.')));
    }
  }
  for (const example of fs.readdirSync(path.join(REPO_ROOT, 'examples'))) {
    fs.cpSync(path.join(REPO_ROOT, 'examples', example), path.join(dir, 'examples', example), {
      recursive: true,
      filter: (src) => !SKIP.has(path.basename(src)),
    });
  }
  return dir;
}

/** The report without what legitimately differs between two copies (their absolute root). */
function portable(report: Report): unknown {
  return JSON.parse(JSON.stringify({ ...report, root: '<root>' }));
}

/** Every source file under `dir`, as absolute paths. */
function sources(dir: string): string[] {
  return Object.keys(readTree(dir))
    .filter((f) => /\.(?:[mc]?[jt]sx?)$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

/** A fixed permutation (seeded), so a failure reproduces. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

let first: { dir: string; report: Report; output: Record<string, string>; input: Record<string, string> };

beforeAll(async () => {
  const dir = buildTree();
  const input = readTree(dir);
  const report = await migrate({ paths: [dir] });
  first = { dir, report, input, output: readTree(dir) };
}, 300_000);

afterAll(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('every fixture and example together', () => {
  it('the migration changes files, and running it again changes nothing', async () => {
    expect(first.report.totals.filesChanged).toBeGreaterThan(30);
    expect(Object.keys(first.output).filter((f) => first.output[f] !== first.input[f]).length).toBe(
      first.report.totals.filesChanged,
    );
    const again = await migrate({ paths: [first.dir] });
    expect(again.files.filter((f) => f.status === 'changed').map((f) => f.file)).toEqual([]);
    expect(readTree(first.dir)).toEqual(first.output);
  });

  it('gives the same bytes and the same report whatever order the files are named in', async () => {
    const dir = buildTree();
    const files = sources(dir);
    // The deepest common directory of the files is the tree itself, so report paths line up.
    const report = await migrate({ paths: shuffled(files, 20260728) });
    expect(report.root).toBe(dir);
    expect(portable(report)).toEqual(portable(first.report));
    expect(readTree(dir)).toEqual(first.output);
  });
});
