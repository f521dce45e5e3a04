import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, snapshotTree } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const JSCODESHIFT = path.join(REPO_ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
// The path users pass: `npx jscodeshift -t <package>/transforms/mrtr/jscodeshift.js`.
const TRANSFORM = path.join(REPO_ROOT, 'transforms', 'mrtr', 'jscodeshift.js');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function copyOf(example: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-jscodeshift-'));
  temps.push(dir);
  fs.cpSync(path.join(REPO_ROOT, 'examples', example), dir, { recursive: true });
  return dir;
}

// jscodeshift colours its summary when the environment asks for colour (CI often sets FORCE_COLOR);
// the assertions read plain text, so colour is switched off and any escape that slips through is stripped.
const { FORCE_COLOR: _force, ...plainEnv } = process.env;
const ANSI = /\u001b\[[0-9;]*m/g;

function jscodeshift(args: string[]) {
  const run = spawnSync(process.execPath, [JSCODESHIFT, '-t', TRANSFORM, '--extensions=ts', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...plainEnv, NO_COLOR: '1' },
  });
  return { ...run, stdout: run.stdout.replace(ANSI, ''), stderr: run.stderr.replace(ANSI, '') };
}

describe('jscodeshift entry', () => {
  // jscodeshift compiles transforms with babel unless --no-babel; the entry must load either way.
  for (const [example, babel] of [
    ['v2-notes-server', '--babel'],
    ['v2-notes-server', '--no-babel'],
    ['v1-notes-server', '--babel'],
  ] as const) {
    it(`migrates ${example} (${babel}) exactly as the CLI does, cross-file helpers included`, () => {
      const viaJscodeshift = copyOf(example);
      const viaCli = copyOf(example);
      // The jscodeshift entry sees one file at a time and runs no v1-to-v2 step: compare with the CLI without it.
      expect(spawnSync(process.execPath, [CLI, '--quiet', '--no-v1-to-v2', viaCli], { encoding: 'utf8' }).status).toBe(
        0,
      );
      // Only the source folder is given; the analysis root is the folder holding package.json.
      const run = jscodeshift([babel, '--run-in-band', path.join(viaJscodeshift, 'src')]);
      expect(run.status, run.stderr + run.stdout).toBe(0);
      expect(run.stdout).toMatch(/^0 errors$/m);
      const original = snapshotTree(path.join(REPO_ROOT, 'examples', example));
      const cliTree = snapshotTree(viaCli);
      // jscodeshift counts the files it was given; the generated replay runtime is written beside them.
      const changed = Object.keys(original).filter((f) => cliTree[f] !== original[f]);
      expect(run.stdout).toMatch(new RegExp(`^${changed.length} ok$`, 'm'));
      expect(Object.keys(cliTree).filter((f) => !(f in original))).toEqual(
        example === 'v2-notes-server' ? ['src/mcp-mrtr-runtime.ts'] : [],
      );
      expect(snapshotTree(viaJscodeshift)).toEqual(cliTree);
      // Review items reach jscodeshift's report channel with their reason ids.
      expect(run.stdout).toMatch(/ REP .*src\/server\.ts \d+:\d+ mrtr\/oninitialized: /);
    });
  }

  it('--runtime-dir places the runtime module where the CLI does, imported from there', () => {
    const viaJscodeshift = copyOf('v2-notes-server');
    const viaCli = copyOf('v2-notes-server');
    expect(
      spawnSync(process.execPath, [CLI, '--quiet', '--no-v1-to-v2', '--runtime-dir', 'src/generated', viaCli], {
        encoding: 'utf8',
      }).status,
    ).toBe(0);
    const run = jscodeshift(['--run-in-band', '--runtime-dir=src/generated', path.join(viaJscodeshift, 'src')]);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    const tree = snapshotTree(viaJscodeshift);
    expect(Object.keys(tree).filter((f) => f.includes('mcp-mrtr-runtime'))).toEqual([
      'src/generated/mcp-mrtr-runtime.ts',
    ]);
    expect(tree).toEqual(snapshotTree(viaCli));
  });

  it('changes nothing on a dry run, and nothing on a second run', () => {
    const dir = copyOf('v2-notes-server');
    const before = snapshotTree(dir);
    const dry = jscodeshift(['--dry', path.join(dir, 'src')]);
    expect(dry.status).toBe(0);
    expect(snapshotTree(dir)).toEqual(before);
    // --strategy reaches the plan: explicit leaves the helper's ask for review, the default replays it.
    expect(dry.stdout).not.toMatch(/mrtr\/ask-in-helper/);
    const explicit = jscodeshift(['--dry', '--strategy=explicit', path.join(dir, 'src')]);
    expect(explicit.stdout).toMatch(/ REP .*src\/helpers\/summarize\.ts \d+:\d+ mrtr\/ask-in-helper: /);
    expect(snapshotTree(dir)).toEqual(before);
    expect(jscodeshift([path.join(dir, 'src')]).status).toBe(0);
    const migrated = snapshotTree(dir);
    expect(migrated).not.toEqual(before);
    const second = jscodeshift([path.join(dir, 'src')]);
    expect(second.stdout).toMatch(/^0 ok$/m);
    expect(snapshotTree(dir)).toEqual(migrated);
  });
});
