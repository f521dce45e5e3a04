import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit, migrate } from '../api/index.js';
import { copyFixture, discoverFixtures, expectedOutputs, fixtureOptions, projectReport, snapshotTree, writeExpectedOutputs, readTree } from './support/fixtures.js';

const UPDATE = process.env.UPDATE_FIXTURES === '1';
const fixtures = discoverFixtures();

describe('fixtures', () => {
  it('finds fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(20);
  });

  for (const fixture of fixtures) {
    it(`${fixture.transform}/${fixture.name}`, async () => {
      const { dir, target } = copyFixture(fixture);
      const options = fixtureOptions(fixture);
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
        if (fixture.decision === 'review') expect(planned.sites.some((s) => s.decision === 'review')).toBe(true);

        // The migration applies exactly the plan, and its output is the expected output.
        const migrated = await migrate({ paths: [target], ...options });
        expect(projectReport(migrated)).toEqual(actual);
        const output = readTree(dir);
        if (UPDATE) writeExpectedOutputs(fixture, input, output);
        expect(output).toEqual(expectedOutputs(fixture, input));

        // A second run changes nothing.
        const again = await migrate({ paths: [target], ...options });
        expect(again.files.filter((f) => f.status !== 'unchanged')).toEqual([]);
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
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
