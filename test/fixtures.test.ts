/**
 * The fixture runner: every fixture under `__fixtures__/<transform>/` (see discoverFixtures in
 * test/support/fixtures.ts) is audited and migrated in a temp copy, and the report (sites, changed files, findings with
 * their lines: projectReport) and the migrated tree are compared with the expected ones; `UPDATE_FIXTURES=1` rewrites
 * them instead (read the diff). `__fixtures__/v1-to-v2-cli/` runs with the v1 step on, as the CLI does.
 *
 * Shared copies: an expected `output/` names the generated replay runtime instead of holding it when it is the shared
 * copy of `__fixtures__/_runtime/` (`output/mcp-mrtr-runtime.ts.shared`, whose one line is
 * `__fixtures__/_runtime/mcp-mrtr-runtime.ts`). The comparison uses the shared copy's text, so it stays exact: a
 * produced runtime that differs from it by one byte fails. `UPDATE_FIXTURES=1` writes the reference when the produced
 * file equals the shared copy of its name, and the full file when it differs. `_runtime/` is not a fixture.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, migrate } from '../api/index.js';
import {
  copyFixture,
  discoverFixtures,
  expectedOutputs,
  FIXTURES_ROOT,
  fixtureOptions,
  projectReport,
  runOptionsOf,
  readTree,
  REPO_ROOT,
  SHARED_ROOT,
  SHARED_SUFFIX,
  snapshotTree,
  writeExpectedOutputs,
} from './support/fixtures.js';

const UPDATE = process.env.UPDATE_FIXTURES === '1';
const fixtures = discoverFixtures();

describe('fixtures', () => {
  it('finds fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(20);
    expect(fixtures.filter((f) => f.inputPath.startsWith(SHARED_ROOT + path.sep))).toEqual([]);
  });

  it('shared copies: each is named by a reference, and no fixture holds a copy of one', () => {
    const shared = readTree(SHARED_ROOT);
    expect(Object.keys(shared).length).toBeGreaterThan(0);
    const named = new Set<string>();
    const copies: string[] = [];
    for (const [file, text] of Object.entries(readTree(FIXTURES_ROOT))) {
      if (path.join(FIXTURES_ROOT, file).startsWith(SHARED_ROOT + path.sep)) continue;
      if (file.endsWith(SHARED_SUFFIX)) named.add(path.relative(SHARED_ROOT, path.resolve(REPO_ROOT, text.trim())));
      else if (shared[path.basename(file)] === text) copies.push(file);
    }
    expect(copies).toEqual([]);
    expect([...named].sort()).toEqual(Object.keys(shared).sort());
  });

  for (const fixture of fixtures) {
    it(`${fixture.transform}/${fixture.name}`, async () => {
      const { dir, target, root } = copyFixture(fixture);
      const options = runOptionsOf(fixtureOptions(fixture));
      try {
        const input = readTree(dir);
        const before = snapshotTree(dir);
        const planned = await audit({ paths: [target], ...options });
        const actual = projectReport(planned);
        if (UPDATE) fs.writeFileSync(fixture.reportPath, JSON.stringify(actual, null, 2) + '\n');
        expect(actual).toEqual(JSON.parse(fs.readFileSync(fixture.reportPath, 'utf8')));
        // Dry-run never writes.
        expect(snapshotTree(dir)).toEqual(before);
        if (fixture.decision === 'skip') expect(planned.sites.filter((s) => s.decision !== 'skipped')).toEqual([]);
        const reviews = [...planned.sites, ...(planned.findings ?? [])].filter((s) => s.decision === 'review');
        if (fixture.decision === 'review') expect(reviews.length).toBeGreaterThan(0);

        // The migration applies exactly the plan, and its output is the expected output.
        const migrated = await migrate({ paths: [target], ...options });
        expect(projectReport(migrated)).toEqual(actual);
        const output = readTree(dir);
        if (UPDATE) writeExpectedOutputs(fixture, input, output);
        expect(output).toEqual(expectedOutputs(fixture, input));

        // A second run changes nothing (a file skipped by design, e.g. not-utf8, is skipped again).
        const again = await migrate({ paths: [target], ...options });
        expect(again.files.filter((f) => f.status !== 'unchanged' && f.status !== 'skipped')).toEqual([]);
        expect(readTree(dir)).toEqual(output);

        // Same plan in place, where the repository's node_modules (both SDK majors) resolve.
        const inPlace = projectReport(await audit({ paths: [fixture.inputPath], ...options }));
        if (fixture.isFolder) {
          expect(inPlace).toEqual(actual);
        } else {
          const base = path.basename(fixture.inputPath);
          expect(JSON.parse(JSON.stringify(inPlace).split(base).join(base.replace('.input.', '.')))).toEqual(actual);
        }
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
