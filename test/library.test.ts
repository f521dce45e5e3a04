import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The published entry point, by package name (resolved through package.json "exports" to dist/).
import { audit, decideFailure, migrate, toJson, toMarkdown, toSarif, toText, type Report } from 'mcp-mrtr-codemod';
import { REPO_ROOT, snapshotTree } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
}

function copyOf(example: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-lib-'));
  temps.push(dir);
  fs.cpSync(path.join(REPO_ROOT, 'examples', example), dir, { recursive: true });
  return dir;
}

describe('library', () => {
  it('audit returns the report model the CLI prints, in every format, and writes nothing', async () => {
    const example = path.join(REPO_ROOT, 'examples', 'v2-notes-server');
    const before = snapshotTree(example);
    const report: Report = await audit({ paths: [example] });
    expect(snapshotTree(example)).toEqual(before);
    expect(JSON.parse(toJson(report))).toEqual(JSON.parse(cli(['--dry-run', '--report', 'json', example]).stdout));
    expect(toText(report)).toBe(cli(['--dry-run', example]).stdout);
    expect(toMarkdown(report, { linkPrefix: 'examples/v2-notes-server/' })).toBe(
      cli(['--dry-run', '--report', 'markdown', example]).stdout,
    );
    expect(toSarif(report, { pathPrefix: 'examples/v2-notes-server/' })).toBe(
      cli(['--dry-run', '--report', 'sarif', example]).stdout,
    );
    expect(decideFailure(report, 'review')).toEqual({
      fail: true,
      why: 'the migration would change 6 files (--fail-on review)',
    });
    expect(decideFailure(report, 'error')).toEqual({ fail: false });
  });

  it('migrate applies the same plan as the CLI migration, byte for byte', async () => {
    const viaLibrary = copyOf('v2-notes-server');
    const viaCli = copyOf('v2-notes-server');
    const report = await migrate({ paths: [viaLibrary] });
    expect(report.mode).toBe('migrate');
    expect(report.wrote).toBe(true);
    expect(cli(['--quiet', viaCli]).status).toBe(0);
    expect(snapshotTree(viaLibrary)).toEqual(snapshotTree(viaCli));
    expect(snapshotTree(viaLibrary)).not.toEqual(snapshotTree(path.join(REPO_ROOT, 'examples', 'v2-notes-server')));
  });
});
