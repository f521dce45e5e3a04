import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Report } from '../lib/model.js';
import { FIXTURES_ROOT, readTree, REPO_ROOT } from './support/fixtures.js';
import { strictDiagnostics } from './support/typecheck.js';
import { copyOf, expectTree, removeTemps, run } from './support/v1-to-v2.js';

afterEach(removeTemps);

// An npm-workspaces root holding v1 packages: each package.json is fitted to the files it owns (the nearest one above
// each file), so the package that holds the server gets the v2 SDK and zod 4 (and its zod 3 code is repaired, as its
// own zod range says); the root is fitted to its own files only, and keeps the v1 SDK while a package's file left on
// v1 (CommonJS) still imports it through the root's install.
describe('a workspaces root with a v1 package', () => {
  const WORKSPACES = path.join(FIXTURES_ROOT, 'v1-to-v2-cli', 'workspaces');
  const INPUT = path.join(WORKSPACES, 'input');
  const EXPECTED = path.join(WORKSPACES, 'expected');

  it("edits the package's own package.json, not the root's; its findings name it; a second run changes nothing", () => {
    const dir = copyOf(INPUT);
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.why).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.files.filter((f) => f.status !== 'unchanged').map((f) => `${f.file} ${f.status}`)).toEqual([
      'packages/a/package.json changed',
      'packages/a/src/index.ts changed',
    ]);
    expect((report.findings ?? []).map((f) => `${f.file}:${f.line} ${f.decision} ${f.reason}`)).toEqual([
      'packages/a/package.json:1 review zod-raised',
      'packages/a/src/index.ts:13 info zod-to-json-schema-rewritten',
      'packages/a/src/index.ts:15 info served-by-serve-stdio',
    ]);
    const output = readTree(dir);
    expect(output['package.json']).toBe(fs.readFileSync(path.join(INPUT, 'package.json'), 'utf8'));
    expectTree(output, EXPECTED);
    const again = run(['--report', 'json', dir]);
    expect(again.code, again.why).toBe(0);
    expect((JSON.parse(again.stdout) as Report).files.filter((f) => f.status !== 'unchanged')).toEqual([]);
  });

  it('compiles under strict TypeScript (NodeNext)', () => {
    expect(strictDiagnostics([path.join(EXPECTED, 'packages', 'a', 'src', 'index.ts')], REPO_ROOT)).toEqual([]);
  });

  it("without a package left on v1, the root's v1 SDK goes too (no file imports it any more)", () => {
    const dir = copyOf(INPUT);
    fs.rmSync(path.join(dir, 'packages', 'c'), { recursive: true });
    const first = run(['--report', 'json', dir]);
    expect(first.code, first.why).toBe(0);
    const report = JSON.parse(first.stdout) as Report;
    expect(report.files.filter((f) => f.status !== 'unchanged').map((f) => f.file)).toEqual([
      'package.json',
      'packages/a/package.json',
      'packages/a/src/index.ts',
    ]);
    expect(JSON.parse(readTree(dir)['package.json']!)).toEqual({
      name: 'tools-monorepo',
      private: true,
      workspaces: ['packages/*'],
      devDependencies: { typescript: '^5.6.0' },
    });
    expect(readTree(dir)['packages/a/package.json']).toBe(
      fs.readFileSync(path.join(EXPECTED, 'packages/a/package.json'), 'utf8'),
    );
  });
});
