import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { audit } from '../lib/runner.js';
import { copyFixture, discoverFixtures, projectReport, snapshotTree } from './support/fixtures.js';

const UPDATE = process.env.UPDATE_FIXTURES === '1';
const fixtures = discoverFixtures();

describe('fixtures', () => {
  it('finds fixtures', () => {
    expect(fixtures.length).toBeGreaterThan(20);
  });

  for (const fixture of fixtures) {
    it(`${fixture.transform}/${fixture.name}`, async () => {
      const { dir, target } = copyFixture(fixture);
      try {
        const before = snapshotTree(dir);
        const report = await audit({ paths: [target], mode: 'dry-run' });
        const actual = projectReport(report);
        if (UPDATE) {
          fs.writeFileSync(fixture.reportPath, JSON.stringify(actual, null, 2) + '\n');
        }
        const expected = JSON.parse(fs.readFileSync(fixture.reportPath, 'utf8'));
        expect(actual).toEqual(expected);
        // Dry-run never writes.
        expect(snapshotTree(dir)).toEqual(before);
        // skip-* fixtures are look-alikes and contexts that hold no site.
        if (fixture.decision === 'skip') expect(report.sites.filter((s) => s.decision !== 'skipped')).toEqual([]);
        if (fixture.decision === 'review') expect(report.sites.some((s) => s.decision === 'review')).toBe(true);
        // Same answer in place, where the repository's node_modules (both SDK majors) resolve.
        if (fixture.isFolder) {
          const inPlace = await audit({ paths: [fixture.inputPath], mode: 'dry-run' });
          expect(projectReport(inPlace)).toEqual(actual);
        } else {
          const inPlace = await audit({ paths: [fixture.inputPath], mode: 'dry-run' });
          const renamed = projectReport(inPlace) as { sites: Array<{ file: string; chains: string[][] }> };
          const base = path.basename(fixture.inputPath);
          const normalized = JSON.parse(JSON.stringify(renamed).split(base).join(base.replace('.input.', '.')));
          expect(normalized).toEqual(actual);
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
