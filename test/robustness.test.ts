/**
 * The built CLI on hostile input: files that do not parse, binary and 5 MB files, CRLF, BOM, shebangs,
 * symlink loops, paths with spaces and non-ASCII characters, a single-file target, empty targets,
 * read-only and unreadable files, and a migration killed with SIGKILL while it writes.
 * (Discovery details are in files.test.ts; this file checks what a user sees end to end.)
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, readTree } from './support/fixtures.js';

const CLI = path.join(REPO_ROOT, 'dist', 'bin', 'mcp-mrtr-codemod.js');
const NOBODY = 65534;
const temps: string[] = [];

/** A v2 tool whose ask the explicit strategy rewrites. */
function tool(name: string, eol = '\n'): string {
  return [
    "import { McpServer } from '@modelcontextprotocol/server';",
    '',
    `export const server = new McpServer({ name: '${name}', version: '1.0.0' });`,
    '',
    `server.registerTool('${name}', { description: 'Delete after confirmation' }, async (ctx) => {`,
    "  const answer = await ctx.mcpReq.elicitInput({ message: 'Delete?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });",
    "  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Cancelled.' }] };",
    "  return { content: [{ type: 'text', text: 'Deleted.' }] };",
    '});',
    '',
  ].join(eol);
}

function tempTree(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-robust-'));
  temps.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

function run(args: string[], options: { uid?: number } = {}) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, error: result.error };
}

function json(stdout: string) {
  return JSON.parse(stdout) as {
    files: Array<{ file: string; status: string; problem?: { kind: string; message: string } }>;
    sites: Array<{ file: string; decision: string }>;
  };
}

function parses(file: string, text: string): boolean {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return ((source as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length === 0;
}

/** Whether a child process running as `nobody` can run the CLI (root can drop privileges; the repository must be readable). */
function canRunAsNobody(): boolean {
  if (process.getuid?.() !== 0) return false;
  return run(['--version'], { uid: NOBODY }).code === 0;
}

afterEach(() => {
  for (const dir of temps.splice(0)) {
    spawnSync('chattr', ['-R', '-i', dir], { stdio: 'ignore' });
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('robustness: a tree of awkward files', () => {
  it('audits and migrates what it can, reports the rest, keeps CRLF, BOM and shebang, and a second run changes nothing', () => {
    const big = `// generated\n${'export const value = [1, 2, 3];\n'.repeat(170_000)}`;
    const dir = tempTree({
      'broken.ts': "import { McpServer } from '@modelcontextprotocol/server';\nawait server.elicitInput(;\n",
      'blob.ts': Buffer.concat([Buffer.from('elicitInput'), Buffer.from([0, 1, 2, 3])]),
      'generated.ts': big,
      'crlf.ts': tool('crlf', '\r\n'),
      'bom.ts': `\uFEFF${tool('bom')}`,
      'cli.ts': `#!/usr/bin/env node\n${tool('cli')}`,
      'dir with spaces/ünï cödé ✓.ts': tool('unicode'),
    });
    expect(Buffer.byteLength(big)).toBeGreaterThan(5 * 1024 * 1024);
    fs.symlinkSync('..', path.join(dir, 'dir with spaces', 'loop'));
    const before = readTree(dir);

    const dry = run(['--dry-run', '--report', 'json', dir]);
    expect(dry.code).toBe(1); // broken.ts
    const report = json(dry.stdout);
    const status = Object.fromEntries(
      report.files.map((f) => [f.file, `${f.status}${f.problem ? ` ${f.problem.kind}` : ''}`]),
    );
    expect(status).toEqual({
      'blob.ts': 'skipped binary',
      'bom.ts': 'changed',
      'broken.ts': 'error parse-error',
      'cli.ts': 'changed',
      'crlf.ts': 'changed',
      'dir with spaces/loop': 'skipped symlink-loop',
      'dir with spaces/ünï cödé ✓.ts': 'changed',
      'generated.ts': 'skipped too-large',
    });
    expect(report.sites.map((s) => `${s.file} ${s.decision}`)).toEqual([
      'bom.ts rewritten',
      'cli.ts rewritten',
      'crlf.ts rewritten',
      'dir with spaces/ünï cödé ✓.ts rewritten',
    ]);
    expect(readTree(dir)).toEqual(before);

    const migration = run(['--allow-dirty', '--report', 'json', dir]);
    expect(migration.code).toBe(1);
    const after = readTree(dir);
    for (const file of ['broken.ts', 'blob.ts', 'generated.ts']) expect(after[file]).toBe(before[file]);
    for (const file of ['bom.ts', 'cli.ts', 'crlf.ts', 'dir with spaces/ünï cödé ✓.ts']) {
      expect(after[file], file).not.toBe(before[file]);
      expect(after[file], file).toContain('inputRequired(');
      expect(parses(file, after[file]!.replace(/^#!.*/, '')), file).toBe(true);
    }
    expect(after['crlf.ts']!.split('\r\n').length).toBeGreaterThan(10);
    expect(after['crlf.ts']!.replace(/\r\n/g, '')).not.toContain('\n');
    expect(after['bom.ts']!.startsWith('\uFEFF')).toBe(true);
    expect(after['bom.ts']!.indexOf('\uFEFF', 1)).toBe(-1);
    expect(after['cli.ts']!.startsWith('#!/usr/bin/env node\n')).toBe(true);

    const again = run(['--allow-dirty', '--report', 'json', dir]);
    expect(json(again.stdout).files.filter((f) => f.status === 'changed')).toEqual([]);
    expect(readTree(dir)).toEqual(after);
  });

  it('migrates a single file target and nothing beside it', () => {
    const dir = tempTree({ 'one.ts': tool('one'), 'two.ts': tool('two') });
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', path.join(dir, 'one.ts')]);
    expect(code).toBe(0);
    expect(json(stdout).files.map((f) => `${f.file} ${f.status}`)).toEqual(['one.ts changed']);
    expect(fs.readFileSync(path.join(dir, 'one.ts'), 'utf8')).toContain('inputRequired(');
    expect(fs.readFileSync(path.join(dir, 'two.ts'), 'utf8')).toBe(tool('two'));
  });

  it('exits 2 with a clear message, not "0 files, success", on a directory without source files', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{}, '--dry-run'],
      [{ 'README.md': '# x', 'data.json': '{}' }, '--dry-run'],
      [{ '.gitignore': 'gen/\n', 'gen/a.ts': tool('a'), 'node_modules/x/index.js': 'x' }, '--allow-dirty'],
    ];
    for (const [files, mode] of cases) {
      const dir = tempTree(files);
      const { code, stdout, stderr } = run([mode, dir]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/no source files .* found under /);
      expect(stdout).toBe('');
    }
  });
});

describe('robustness: permissions', () => {
  it('leaves a read-only file (no write bit) untouched and reports it, migrating the rest', () => {
    const dir = tempTree({ 'locked.ts': tool('locked'), 'open.ts': tool('open') });
    fs.chmodSync(path.join(dir, 'locked.ts'), 0o444);
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
    expect(code).toBe(1);
    const files = json(stdout).files;
    expect(files.find((f) => f.file === 'locked.ts')).toMatchObject({
      status: 'error',
      problem: { kind: 'write-error', message: expect.stringMatching(/^locked\.ts: read-only/) },
    });
    expect(files.find((f) => f.file === 'open.ts')?.status).toBe('changed');
    expect(fs.readFileSync(path.join(dir, 'locked.ts'), 'utf8')).toBe(tool('locked'));
    expect(fs.statSync(path.join(dir, 'locked.ts')).mode & 0o777).toBe(0o444);
  });

  it('reports an immutable file (chattr +i, which stops root too) as a write error', (context) => {
    const dir = tempTree({ 'frozen.ts': tool('frozen'), 'open.ts': tool('open') });
    const chattr = spawnSync('chattr', ['+i', path.join(dir, 'frozen.ts')], { encoding: 'utf8' });
    if (chattr.status !== 0) {
      context.skip(
        `chattr +i is not available here (${(chattr.stderr || chattr.error?.message || '').trim()}); the no-write-bit test above covers read-only files`,
      );
      return;
    }
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
    expect(code).toBe(1);
    const files = json(stdout).files;
    expect(files.find((f) => f.file === 'frozen.ts')).toMatchObject({
      status: 'error',
      problem: { kind: 'write-error' },
    });
    expect(files.find((f) => f.file === 'open.ts')?.status).toBe('changed');
    expect(fs.readFileSync(path.join(dir, 'frozen.ts'), 'utf8')).toBe(tool('frozen'));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('as an unprivileged user: reports an unreadable file and a directory it cannot write to, and goes on', (context) => {
    const unprivileged = process.getuid?.() !== 0;
    if (!unprivileged && !canRunAsNobody()) {
      context.skip(
        'running as root and cannot run the CLI as nobody (uid 65534): permission errors cannot be provoked',
      );
      return;
    }
    const dir = tempTree({ 'secret.ts': tool('secret'), 'sealed/inner.ts': tool('inner'), 'open.ts': tool('open') });
    fs.chmodSync(path.join(dir, 'secret.ts'), 0o000);
    if (!unprivileged) {
      // nobody owns the tree but one directory, which stays root's and read-only to others.
      for (const f of ['', 'secret.ts', 'open.ts', 'sealed/inner.ts']) fs.chownSync(path.join(dir, f), NOBODY, NOBODY);
      fs.chmodSync(path.join(dir, 'sealed', 'inner.ts'), 0o666);
    } else {
      fs.chmodSync(path.join(dir, 'sealed'), 0o555);
    }
    const options = unprivileged ? {} : { uid: NOBODY };
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir], options);
    if (unprivileged) fs.chmodSync(path.join(dir, 'sealed'), 0o755);
    expect(code).toBe(1);
    const files = json(stdout).files;
    expect(files.find((f) => f.file === 'secret.ts')).toMatchObject({
      status: 'error',
      problem: { kind: 'unreadable', message: expect.stringContaining('EACCES') },
    });
    expect(files.find((f) => f.file === 'sealed/inner.ts')).toMatchObject({
      status: 'error',
      problem: { kind: 'write-error', message: expect.stringContaining('EACCES') },
    });
    expect(files.find((f) => f.file === 'open.ts')?.status).toBe('changed');
    expect(fs.readFileSync(path.join(dir, 'sealed', 'inner.ts'), 'utf8')).toBe(tool('inner'));
  });

  it('keeps the owner and mode of a file it replaces', (context) => {
    if (process.getuid?.() !== 0) {
      context.skip('only root can hand a file to another owner');
      return;
    }
    const dir = tempTree({ 'owned.ts': tool('owned') });
    const file = path.join(dir, 'owned.ts');
    fs.chownSync(file, NOBODY, NOBODY);
    fs.chmodSync(file, 0o640);
    expect(run(['--allow-dirty', dir]).code).toBe(0);
    const stat = fs.statSync(file);
    expect({ uid: stat.uid, gid: stat.gid, mode: stat.mode & 0o777 }).toEqual({
      uid: NOBODY,
      gid: NOBODY,
      mode: 0o640,
    });
    expect(fs.readFileSync(file, 'utf8')).toContain('inputRequired(');
  });
});

describe('robustness: SIGKILL while writing', () => {
  const COUNT = 150;
  const names = Array.from({ length: COUNT }, (_, i) => `t${String(i).padStart(3, '0')}.ts`);

  /** Start a migration, kill it with SIGKILL `delayMs` after the first file changed on disk; resolve with how many files it had replaced. */
  function migrateAndKill(dir: string, original: string, delayMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [CLI, '--allow-dirty', '--quiet', dir], { stdio: 'ignore' });
      const first = path.join(dir, names[0]!);
      const poll = setInterval(() => {
        let text = original;
        try {
          text = fs.readFileSync(first, 'utf8');
        } catch {
          // between unlink and rename is impossible with rename(2); keep polling
        }
        if (text !== original) {
          clearInterval(poll);
          setTimeout(() => child.kill('SIGKILL'), delayMs);
        }
      }, 1);
      child.on('exit', () => {
        clearInterval(poll);
        resolve();
      });
      child.on('error', reject);
    });
  }

  it('leaves every file either original or fully migrated, and a rerun completes the migration', async () => {
    const files = Object.fromEntries(names.map((n) => [n, tool(n.replace('.ts', ''))]));
    const reference = tempTree(files);
    expect(run(['--allow-dirty', '--quiet', reference]).code).toBe(0);
    const migrated = readTree(reference);
    expect(Object.values(migrated).every((t) => t.includes('inputRequired('))).toBe(true);

    let interrupted = 0;
    for (const delayMs of [0, 25]) {
      const dir = tempTree(files);
      await migrateAndKill(dir, files[names[0]!]!, delayMs);
      const after = readTree(dir);
      const states = names.map((n) =>
        after[n] === files[n] ? 'original' : after[n] === migrated[n] ? 'migrated' : 'corrupt',
      );
      expect(states.filter((s) => s === 'corrupt')).toEqual([]);
      // Nothing but the sources, the run's journal (lib/journal.ts) and, at most, the temp file of the write in flight.
      expect(
        Object.keys(after)
          .filter((f) => !names.includes(f))
          .every((f) =>
            /^(\.t\d{3}\.ts|\.mcp-mrtr-migration\.json)\.mrtr-\d+-[a-z0-9]+\.tmp$|^\.mcp-mrtr-migration\.json$/.test(f),
          ),
      ).toBe(true);
      const done = states.filter((s) => s === 'migrated').length;
      if (done > 0 && done < COUNT) interrupted++;

      // The interrupted tree migrates to the same result as an uninterrupted run.
      expect(run(['--allow-dirty', '--quiet', dir]).code).toBe(0);
      const finished = readTree(dir);
      for (const n of names) expect(finished[n], n).toBe(migrated[n]);
      expect(Object.keys(finished).sort()).toEqual(Object.keys(migrated).sort());
    }
    // At least one kill landed while files were being replaced (not before the first, not after the last).
    expect(interrupted).toBeGreaterThan(0);
  }, 240_000);
});
