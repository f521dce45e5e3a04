/**
 * Where the tool may write, as a hostile repository or a hostile moment would test it: a journal it did not write
 * (committed, malformed, naming repository metadata or a path through a link that leads out, or a file no plan writes)
 * is refused with exit 2 and nothing is written; `--output`/`--patch` never overwrite a file of the target or its
 * repository metadata, through a link or not; the files of a migration are written together or not at all (a file
 * that cannot be written, a write that fails half way, an edit made while the migration runs).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from 'mcp-mrtr-codemod';
import { createFileAtomic } from '../lib/writeFileAtomic.js';
import { REPO_ROOT } from './support/fixtures.js';
import { json, removeTemps, run, tempTree, tool } from './support/robustness.js';

const JOURNAL = '.mcp-mrtr-migration.json';
const sha = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

afterEach(removeTemps);

/** Every file below `dir` (relative path -> content), .git left out unless asked. */
function treeOf(dir: string, withGit = false): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.posix.join(sub, entry.name);
      if (entry.name === '.git' && !withGit) continue;
      if (entry.isDirectory()) walk(relative);
      else if (entry.isFile()) files[relative] = fs.readFileSync(path.join(dir, relative), 'latin1');
    }
  };
  walk('');
  return files;
}

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
}

function repoTree(files: Record<string, string>): string {
  const dir = tempTree(files);
  git(dir, 'init', '-q', '.');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  return dir;
}

function journal(dir: string, files: Array<{ path: string; before: string | null; after: string }>, root = dir) {
  return JSON.stringify({ tool: 'mcp-mrtr-codemod', note: '', pid: 999_999_999, root: fs.realpathSync(root), files });
}

describe('a journal found in the tree', () => {
  it.each([
    ['a null entry', [null]],
    ['a path that is a number', [{ path: 7, before: null, after: 'x' }]],
    ['a before that is no hash', [{ path: 'a.ts', before: 'abc', after: 'x' }]],
  ])('with %s is refused with exit 2 and a clear message, never an internal error', (_name, files) => {
    const dir = tempTree({ 'a.ts': tool('a') });
    fs.writeFileSync(path.join(dir, JOURNAL), JSON.stringify({ tool: 'mcp-mrtr-codemod', pid: 1, root: dir, files }));
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/not a readable migration journal \(files\[0\]/);
    expect(stderr).not.toMatch(/internal error|TypeError|\n\s+at /);
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(tool('a'));
  });

  it('committed to the repository is refused, and neither it nor the file it names is touched', () => {
    const dir = repoTree({ 'a.ts': tool('a') });
    const evil = 'export const pwned = true;\n';
    fs.writeFileSync(path.join(dir, JOURNAL), journal(dir, [{ path: 'a.ts', before: sha(tool('a')), after: evil }]));
    git(dir, 'add', JOURNAL);
    git(dir, 'commit', '-qm', 'journal');
    const before = treeOf(dir, true);
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/the journal is committed to the repository/);
    expect(treeOf(dir, true)).toEqual(before);
  });

  it('naming files under .git (a hook, the config with its real before-hash) is refused and writes nothing there', () => {
    const dir = repoTree({ 'a.ts': tool('a') });
    const config = fs.readFileSync(path.join(dir, '.git', 'config'), 'utf8');
    fs.writeFileSync(
      path.join(dir, JOURNAL),
      journal(dir, [
        { path: '.git/hooks/post-checkout', before: null, after: '#!/bin/sh\necho pwned\n' },
        { path: '.git/config', before: sha(config), after: `${config}[core]\n\tfsmonitor = echo pwned\n` },
      ]),
    );
    const before = treeOf(dir, true);
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/names \.git\/hooks\/post-checkout: inside repository metadata/);
    expect(treeOf(dir, true)).toEqual(before);
  });

  it('naming a file behind a link that leads out of the target is refused and writes nothing outside', () => {
    const outside = tempTree({ 'keep.txt': 'outside\n' });
    const dir = tempTree({ 'a.ts': tool('a') });
    fs.symlinkSync(outside, path.join(dir, 'linked'));
    fs.writeFileSync(path.join(dir, JOURNAL), journal(dir, [{ path: 'linked/evil.ts', before: null, after: 'x' }]));
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/names linked\/evil\.ts: reached through a symbolic link/);
    expect(fs.readdirSync(outside)).toEqual(['keep.txt']);
  });

  it('naming a file inside the target through a link, or a file no plan writes, is refused', () => {
    const dir = tempTree({ 'a.ts': tool('a'), 'sub/b.ts': tool('b'), 'README.md': '# hi\n' });
    fs.symlinkSync(path.join(dir, 'sub'), path.join(dir, 'inner'));
    fs.writeFileSync(
      path.join(dir, JOURNAL),
      journal(dir, [{ path: 'inner/b.ts', before: sha(tool('b')), after: 'x' }]),
    );
    expect(run(['--allow-dirty', dir]).stderr).toMatch(/names inner\/b\.ts: inner is a symbolic link/);
    fs.writeFileSync(path.join(dir, JOURNAL), journal(dir, [{ path: 'README.md', before: sha('# hi\n'), after: 'x' }]));
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/names README\.md, a file no migration writes/);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toBe('# hi\n');
    expect(fs.readFileSync(path.join(dir, 'sub', 'b.ts'), 'utf8')).toBe(tool('b'));
  });

  it('written for another folder (copied in) is refused', () => {
    const dir = tempTree({ 'a.ts': tool('a') });
    const other = tempTree({});
    fs.writeFileSync(
      path.join(dir, JOURNAL),
      journal(dir, [{ path: 'a.ts', before: sha(tool('a')), after: 'export {};\n' }], other),
    );
    const { code, stderr } = run(['--allow-dirty', dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/written for another folder/);
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(tool('a'));
  });
});

describe('--output and --patch', () => {
  it.each([
    [
      '--output',
      'a symbolic link to a source',
      (dir: string) => fs.symlinkSync(path.join(dir, 'a.ts'), path.join(dir, 'r.json')),
    ],
    [
      '--patch',
      'a symbolic link to a source',
      (dir: string) => fs.symlinkSync(path.join(dir, 'a.ts'), path.join(dir, 'r.json')),
    ],
    [
      '--output',
      'the tsconfig',
      (dir: string) => fs.renameSync(path.join(dir, 'tsconfig.json'), path.join(dir, 'r.json')),
    ],
    [
      '--output',
      'a file git tracks',
      (dir: string) => fs.renameSync(path.join(dir, 'notes.txt'), path.join(dir, 'r.json')),
    ],
  ])('%s refuses %s (exit 2, nothing written)', (flag, _what, make) => {
    const dir = repoTree({ 'a.ts': tool('a'), 'tsconfig.json': '{}\n', 'notes.txt': 'mine\n' });
    make(dir);
    if (fs.existsSync(path.join(dir, 'r.json')) && !fs.lstatSync(path.join(dir, 'r.json')).isSymbolicLink()) {
      git(dir, 'add', '-A');
      git(dir, 'commit', '-qm', 'renamed');
    }
    const before = treeOf(dir, true);
    const { code, stderr } = run(['--dry-run', flag, path.join(dir, 'r.json'), dir]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^mcp-mrtr-codemod: ${flag}: would overwrite a file of the target`));
    expect(treeOf(dir, true)).toEqual(before);
  });

  it.each(['.git/config', '.git/HEAD'])('refuses repository metadata: %s', (file) => {
    const dir = repoTree({ 'a.ts': tool('a') });
    const before = treeOf(dir, true);
    for (const flag of ['--output', '--patch']) {
      const { code, stderr } = run(['--dry-run', flag, path.join(dir, file), dir]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/would overwrite repository metadata \(\.git\)/);
    }
    expect(treeOf(dir, true)).toEqual(before);
  });

  it('replaces a hard link instead of writing through it: the source it shares bytes with keeps them', () => {
    const dir = tempTree({ 'a.ts': tool('a') });
    const report = path.join(tempTree({}), 'report.txt');
    fs.linkSync(path.join(dir, 'a.ts'), report);
    const { code } = run(['--dry-run', '--output', report, dir]);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(tool('a'));
    expect(fs.readFileSync(report, 'utf8')).toMatch(/push-style site/);
  });

  it('still writes its own report inside the target, and over the previous one', () => {
    const dir = repoTree({ 'a.ts': tool('a') });
    for (let i = 0; i < 2; i++)
      expect(run(['--dry-run', '--report', 'json', '--output', path.join(dir, 'mrtr.json'), dir]).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'mrtr.json'), 'utf8')).tool.name).toBe('mcp-mrtr-codemod');
  });
});

describe('the files of a migration, written together or not at all', () => {
  it('one read-only file: no file is written, each says why, and no journal is left', () => {
    const dir = tempTree({ 'locked.ts': tool('locked'), 'open.ts': tool('open') });
    fs.chmodSync(path.join(dir, 'locked.ts'), 0o444);
    const before = treeOf(dir);
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
    expect(code).toBe(1);
    const files = json(stdout).files;
    expect(files.find((f) => f.file === 'locked.ts')?.problem?.message).toMatch(/^locked\.ts: read-only file/);
    expect(files.find((f) => f.file === 'open.ts')).toMatchObject({
      status: 'error',
      problem: {
        kind: 'write-error',
        message: expect.stringMatching(/^open\.ts: not written: locked\.ts cannot be written/),
      },
    });
    expect(json(stdout).sites.every((s) => s.decision !== 'rewritten')).toBe(true);
    expect(treeOf(dir)).toEqual(before);
  });

  it('a read-only handlers file of a server split in files: the server file is not rewritten to import from it', () => {
    const dir = tempTree({});
    fs.cpSync(path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-handlers-in-several-files', 'input'), dir, {
      recursive: true,
    });
    fs.chmodSync(path.join(dir, 'tools.ts'), 0o444);
    const before = treeOf(dir);
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
    expect(code).toBe(1);
    expect(json(stdout).files.filter((f) => f.status === 'changed')).toEqual([]);
    expect(json(stdout).sites.filter((s) => s.decision === 'rewritten')).toEqual([]);
    expect(treeOf(dir)).toEqual(before);
  });

  it('a folder where the runtime module cannot be created (immutable): no source is rewritten to import it', (context) => {
    const dir = tempTree({});
    fs.cpSync(path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-shared-confirm', 'input'), dir, {
      recursive: true,
    });
    const before = treeOf(dir);
    const chattr = spawnSync('chattr', ['+i', dir], { encoding: 'utf8' });
    if (chattr.status !== 0) {
      context.skip(`chattr +i is not available here (${(chattr.stderr || chattr.error?.message || '').trim()})`);
      return;
    }
    try {
      const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
      expect(code).toBe(1);
      const files = json(stdout).files;
      expect(files.filter((f) => f.status === 'changed')).toEqual([]);
      expect(files.some((f) => /mcp-mrtr-runtime/.test(f.file) && /not writable/.test(f.problem?.message ?? ''))).toBe(
        true,
      );
    } finally {
      spawnSync('chattr', ['-i', dir]);
    }
    expect(treeOf(dir)).toEqual(before);
  });

  it('a write that fails half way (a full disk) puts back what was written; a run after it migrates as one clean run', () => {
    const source = path.join(REPO_ROOT, '__fixtures__', 'mrtr', 'rewrite-replay-handlers-in-several-files', 'input');
    const clean = tempTree({});
    fs.cpSync(source, clean, { recursive: true });
    expect(run(['--allow-dirty', '--quiet', clean]).code).toBe(0);
    const dir = tempTree({});
    fs.cpSync(source, dir, { recursive: true });
    const before = treeOf(dir);
    // Write 1 is the journal, 2 the runtime module, 3 the first source.
    const failed = spawnSync(
      process.execPath,
      [path.join(REPO_ROOT, 'dist/bin/mcp-mrtr-codemod.js'), '--allow-dirty', '--report', 'json', dir],
      {
        encoding: 'utf8',
        env: { ...process.env, MCP_MRTR_TEST_FAIL_WRITE: '3' },
      },
    );
    expect(failed.status).toBe(1);
    const files = json(failed.stdout).files;
    expect(files.find((f) => /^\S+: ENOSPC/.test(f.problem?.message ?? ''))?.problem?.message).toMatch(
      /nothing was written \(the files written before it were put back\)/,
    );
    expect(files.filter((f) => f.status === 'changed')).toEqual([]);
    expect(treeOf(dir)).toEqual(before);
    expect(run(['--allow-dirty', '--quiet', dir]).code).toBe(0);
    expect(treeOf(dir)).toEqual(treeOf(clean));
  });

  it('an edit the user makes while the migration runs is never overwritten, and nothing else is written', async () => {
    const dir = tempTree({ 'a.ts': tool('a'), 'b.ts': tool('b') });
    const edited = `${tool('a')}// an edit made meanwhile\n`;
    const report = await migrate({
      paths: [dir],
      // Called as each file's rewrite is planned: the writes come after every file is planned.
      onProgress: (_done, _total, phase) => {
        if (phase === 'rewrite') fs.writeFileSync(path.join(dir, 'a.ts'), edited);
      },
    });
    expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(edited);
    expect(fs.readFileSync(path.join(dir, 'b.ts'), 'utf8')).toBe(tool('b'));
    expect(report.files.find((f) => f.file === 'a.ts')?.problem?.message).toMatch(
      /changed on disk while the migration ran/,
    );
    expect(report.files.find((f) => f.file === 'b.ts')?.status).toBe('error');
  });

  it('a module created meanwhile by another process is named as such, not as raw errno text', () => {
    const dir = tempTree({ 'm.ts': 'export {};\n' });
    expect(() => createFileAtomic(path.join(dir, 'm.ts'), 'x')).toThrow(
      /^created meanwhile by another process \(a concurrent run\?\); left as it is$/,
    );
    expect(fs.readdirSync(dir)).toEqual(['m.ts']);
  });

  it('a root where the journal cannot be written says so, without blaming another migration', (context) => {
    const dir = tempTree({ 'a.ts': tool('a') });
    const chattr = spawnSync('chattr', ['+i', dir], { encoding: 'utf8' });
    if (chattr.status !== 0) {
      context.skip(`chattr +i is not available here (${(chattr.stderr || chattr.error?.message || '').trim()})`);
      return;
    }
    try {
      const { code, stderr } = run(['--allow-dirty', dir]);
      expect(code).not.toBe(0);
      expect(stderr).not.toMatch(/another migration/);
      expect(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8')).toBe(tool('a'));
    } finally {
      spawnSync('chattr', ['-i', dir]);
    }
  });
});
