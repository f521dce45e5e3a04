import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, snapshotTree } from './support/fixtures.js';
import { tool } from './support/robustness.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function run(args: string[], cwd = REPO_ROOT) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function git(cwd: string, ...args: string[]) {
  return spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
}

/** A copy of a bundled example as a git repository of its own, committed. */
function exampleRepo(example: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gates-'));
  temps.push(dir);
  fs.cpSync(path.join(REPO_ROOT, 'examples', example), dir, { recursive: true });
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

describe('--fail-on', () => {
  it('gates the bundled example by choice: never and error pass, changes and review fail while work remains', () => {
    const dir = exampleRepo('v2-notes-server');
    const exits = Object.fromEntries(
      ['never', 'error', 'changes', 'review'].map((level) => [
        level,
        run(['--dry-run', '--quiet', '--fail-on', level, dir]),
      ]),
    );
    expect(exits.never!.code).toBe(0);
    expect(exits.error!.code).toBe(0);
    expect(exits.changes!.code).toBe(1);
    expect(exits.changes!.stderr).toMatch(/failing: the migration would change 6 files \(--fail-on changes\)/);
    expect(exits.review!.code).toBe(1);
    expect(run(['--dry-run', '--quiet', dir]).code).toBe(0);
  });

  it('after the migration: changes passes (only marked review items left), review fails until they are resolved', () => {
    const dir = exampleRepo('v2-notes-server');
    expect(run(['--quiet', dir]).code).toBe(0);
    git(dir, 'commit', '-qam', 'migrate');
    expect(run(['--dry-run', '--quiet', '--fail-on', 'changes', dir]).code).toBe(0);
    const review = run(['--dry-run', '--quiet', '--fail-on', 'review', dir]);
    expect(review.code).toBe(1);
    expect(review.stderr).toMatch(/failing: \d+ review items? remains? \(--fail-on review\)/);
  });

  it('passes review on a tree with nothing left to do', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gates-'));
    temps.push(dir);
    fs.writeFileSync(
      path.join(dir, 'server.ts'),
      "import { McpServer } from '@modelcontextprotocol/server';\nexport const server = new McpServer({ name: 'x', version: '1' });\n",
    );
    expect(run(['--dry-run', '--fail-on', 'review', dir]).code).toBe(0);
  });

  it('fails on file errors unless never', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gates-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'broken.ts'), 'const server = createMessage(\nlet = ;\n');
    expect(run(['--dry-run', '--quiet', dir]).code).toBe(1);
    expect(run(['--dry-run', '--quiet', '--fail-on', 'review', dir]).code).toBe(1);
    expect(run(['--dry-run', '--quiet', '--fail-on', 'never', dir]).code).toBe(0);
  });

  it('exits 2 on an unknown level', () => {
    const { code, stderr } = run(['--dry-run', '--fail-on', 'warnings', 'examples/v1-notes-server']);
    expect(code).toBe(2);
    expect(stderr).toContain('warnings');
  });
});

describe('--patch', () => {
  it('writes the dry run diff as a patch git apply accepts; applied, it gives exactly the migration', () => {
    const audited = exampleRepo('v2-notes-server');
    const migrated = exampleRepo('v2-notes-server');
    const patch = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-patch-')), 'mrtr.patch');
    temps.push(path.dirname(patch));
    const before = snapshotTree(audited);
    const dry = run(['--dry-run', '--quiet', '--patch', patch, audited]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe('');
    expect(snapshotTree(audited)).toEqual(before);
    const text = fs.readFileSync(patch, 'utf8');
    // Five edited files and the replay runtime, a new file.
    expect(text.match(/^diff --git /gm)).toHaveLength(6);
    expect(text).toMatch(/^new file mode 100644$/m);

    const check = spawnSync('git', ['apply', '--check', patch], { cwd: audited, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect(spawnSync('git', ['apply', patch], { cwd: audited }).status).toBe(0);
    expect(run(['--quiet', migrated]).code).toBe(0);
    const strip = (tree: Record<string, string>) =>
      Object.fromEntries(Object.entries(tree).filter(([file]) => !file.startsWith('.git/')));
    expect(strip(snapshotTree(audited))).toEqual(strip(snapshotTree(migrated)));
  });

  it('quotes a file name holding a newline, a quote or a backslash as git does: git apply takes the patch', () => {
    const names = ['new\nline.ts', 'say "hi".ts', 'back\\slash.ts', 'tab\there.ts', 'space and é.ts'];
    const tree = (dir: string) => {
      for (const [index, name] of names.entries()) fs.writeFileSync(path.join(dir, name), tool(`t${index}`));
      spawnSync('git', ['init', '-q', '.'], { cwd: dir });
    };
    const [audited, migrated] = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-names-')));
    temps.push(audited!, migrated!);
    tree(audited!);
    tree(migrated!);
    const patch = path.join(audited!, '..', `${path.basename(audited!)}.patch`);
    temps.push(patch);
    expect(run(['--dry-run', '--quiet', '--patch', patch, audited!]).code).toBe(0);
    const text = fs.readFileSync(patch, 'utf8');
    expect(text).toContain('diff --git "a/new\\nline.ts" "b/new\\nline.ts"\n');
    expect(text).toContain('--- "a/say \\"hi\\".ts"\n');
    const check = spawnSync('git', ['apply', '--check', patch], { cwd: audited, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(spawnSync('git', ['apply', patch], { cwd: audited }).status).toBe(0);
    expect(run(['--quiet', '--allow-dirty', migrated!]).code).toBe(0);
    const strip = (tree: Record<string, string>) =>
      Object.fromEntries(Object.entries(tree).filter(([file]) => !file.startsWith('.git/')));
    expect(strip(snapshotTree(audited!))).toEqual(strip(snapshotTree(migrated!)));
  });

  it('writes an empty patch when nothing would change', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gates-'));
    temps.push(dir);
    fs.writeFileSync(path.join(dir, 'a.ts'), 'export const a = 1;\n');
    const patch = path.join(dir, '..', `${path.basename(dir)}.patch`);
    temps.push(patch);
    expect(run(['--dry-run', '--quiet', '--patch', patch, dir]).code).toBe(0);
    expect(fs.readFileSync(patch, 'utf8')).toBe('');
  });

  it('exits 2 without --dry-run, writing nothing', () => {
    const dir = exampleRepo('v1-notes-server');
    const before = snapshotTree(dir);
    const patch = path.join(dir, 'x.patch');
    const { code, stderr } = run(['--patch', patch, dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--patch needs --dry-run/);
    expect(snapshotTree(dir)).toEqual(before);
  });
});
