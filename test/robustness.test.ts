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

describe('robustness: bytes as the file holds them, and the target boundary', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  /** Every file under a directory as bytes, keyed by relative posix path. */
  function readBytes(dir: string): Record<string, Buffer> {
    const out: Record<string, Buffer> = {};
    const walk = (current: string) => {
      for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
        const full = path.join(current, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) out[path.relative(dir, full).split(path.sep).join('/')] = fs.readFileSync(full);
      }
    };
    walk(dir);
    return out;
  }

  /** A fixture's input (a file or a folder) as files under `prefix`. */
  function fixtureFiles(name: string, prefix: string): Record<string, Buffer> {
    const fixtures = path.join(REPO_ROOT, '__fixtures__');
    const single = path.join(fixtures, 'mrtr', `${name}.input.ts`);
    if (fs.existsSync(single)) return { [`${prefix}/${name}.ts`]: fs.readFileSync(single) };
    const folder = fs.existsSync(path.join(fixtures, 'mrtr', name, 'input'))
      ? path.join(fixtures, 'mrtr', name, 'input')
      : path.join(fixtures, 'v1-to-v2-cli', name, 'input');
    return Object.fromEntries(Object.entries(readBytes(folder)).map(([file, bytes]) => [`${prefix}/${file}`, bytes]));
  }

  it('migrates a file with a BOM (and BOM + CRLF) exactly as the same file without it, and puts the BOM back', () => {
    // Explicit, replay (a runtime module is created) and review (markers) cases; with and without the v1 step.
    const cases = {
      ...fixtureFiles('rewrite-delete-confirmation', 'mrtr'),
      ...fixtureFiles('rewrite-replay-ask-in-helper', 'mrtr/replay'),
      ...fixtureFiles('review-capability-guard', 'mrtr'),
    };
    const v1 = fixtureFiles('notes-mini', 'v1'); // package.json and a v1 server: the official codemod's path
    const variants: Record<string, (text: Buffer) => Buffer> = {
      plain: (text) => text,
      bom: (text) => Buffer.concat([BOM, text]),
      crlf: (text) => Buffer.from(text.toString('utf8').replace(/\n/g, '\r\n')),
      'bom-crlf': (text) => Buffer.concat([BOM, Buffer.from(text.toString('utf8').replace(/\n/g, '\r\n'))]),
    };
    const outputs: Record<string, { before: Record<string, Buffer>; after: Record<string, Buffer>; report: unknown }> =
      {};
    for (const [variant, change] of Object.entries(variants)) {
      const files = Object.fromEntries(
        Object.entries({ ...cases, ...v1 }).map(([file, bytes]) => [
          file,
          file.endsWith('.ts') ? change(bytes) : bytes,
        ]),
      );
      const dir = tempTree(files);
      const reports = [path.join(dir, 'mrtr'), path.join(dir, 'v1')].map((target, index) => {
        const result = run(['--allow-dirty', '--report', 'json', ...(index === 0 ? ['--no-v1-to-v2'] : []), target]);
        expect(result.code, `${variant}: ${result.stderr}`).toBe(0);
        const report = JSON.parse(result.stdout) as { root?: string };
        delete report.root;
        return report;
      });
      outputs[variant] = { before: files, after: readBytes(dir), report: reports };
    }
    const plain = outputs.plain!;
    // Every case changed something, the v1 step included.
    for (const file of [
      'mrtr/rewrite-delete-confirmation.ts',
      'mrtr/replay/server.ts',
      'mrtr/review-capability-guard.ts',
      'v1/src/server.ts',
      'v1/package.json',
    ])
      expect(plain.after[file]!.equals(plain.before[file]!), file).toBe(false);
    expect(Object.keys(plain.after)).toContain('mrtr/replay/mcp-mrtr-runtime.ts');
    for (const [withBom, without] of [
      ['bom', 'plain'],
      ['bom-crlf', 'crlf'],
    ] as const) {
      const a = outputs[withBom]!;
      const b = outputs[without]!;
      expect(a.report, withBom).toEqual(b.report);
      expect(Object.keys(a.after).sort()).toEqual(Object.keys(b.after).sort());
      for (const [file, bytes] of Object.entries(a.after)) {
        // A source file keeps its BOM, once; a created file and package.json are as without it.
        const expected =
          file.endsWith('.ts') && file in a.before ? Buffer.concat([BOM, b.after[file]!]) : b.after[file]!;
        expect(bytes.toString('utf8'), `${withBom}: ${file}`).toBe(expected.toString('utf8'));
        expect(bytes.equals(expected), `${withBom}: ${file}`).toBe(true);
      }
    }
  }, 120_000);

  it('leaves a file that is not valid UTF-8 byte for byte as it was, and says why', () => {
    const latin1 = Buffer.concat([
      Buffer.from('// Caf'),
      Buffer.from([0xe9]), // Latin-1 e acute: not UTF-8
      Buffer.from(' records\n'),
      Buffer.from(tool('latin1')),
    ]);
    const dir = tempTree({ 'latin1.ts': latin1, 'ok.ts': tool('ok') });
    const dry = run(['--dry-run', '--report', 'json', dir]);
    const migration = run(['--allow-dirty', '--report', 'json', dir]);
    for (const result of [dry, migration]) {
      expect(result.code, result.stderr).toBe(0);
      const files = json(result.stdout).files;
      expect(files.find((f) => f.file === 'latin1.ts')).toEqual({
        file: 'latin1.ts',
        status: 'skipped',
        sites: 0,
        problem: {
          kind: 'not-utf8',
          message: 'latin1.ts: not valid UTF-8 (byte 0xE9 on line 1); skipped, so that its bytes are never re-encoded',
        },
      });
      expect(files.find((f) => f.file === 'ok.ts')?.status).toBe('changed');
    }
    expect(fs.readFileSync(path.join(dir, 'latin1.ts')).equals(latin1)).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'ok.ts'), 'utf8')).toContain('inputRequired(');
    expect(run(['--dry-run', dir]).stdout).toContain('latin1.ts: not valid UTF-8');
  });

  it('never writes a file whose real path is outside the target (through a symbolic link), and reports it', () => {
    const dir = tempTree({
      'outside/helper.ts': tool('helper'),
      'outside/lib/deep.ts': tool('deep'),
      'outside/package.json': fs.readFileSync(
        path.join(REPO_ROOT, '__fixtures__', 'v1-to-v2-cli', 'notes-mini', 'input', 'package.json'),
      ),
      'outside/gen/.keep': '',
      // A v1 project whose package.json is a link to the one outside: the v1 step plans a change to it.
      ...Object.fromEntries(
        Object.entries(fixtureFiles('notes-mini', 'proj')).filter(([file]) => !file.endsWith('package.json')),
      ),
      'proj/server.ts': tool('inside'),
    });
    const proj = path.join(dir, 'proj');
    fs.symlinkSync(path.join('..', 'outside', 'helper.ts'), path.join(proj, 'linked.ts'));
    fs.symlinkSync(path.join('..', 'outside', 'lib'), path.join(proj, 'shared'));
    fs.symlinkSync(path.join('..', 'outside', 'package.json'), path.join(proj, 'package.json'));
    fs.symlinkSync(path.join('..', 'outside', 'gen'), path.join(proj, 'gen'));
    const outside = readBytes(path.join(dir, 'outside'));

    const dry = run(['--dry-run', '--report', 'json', proj]);
    const migration = run(['--allow-dirty', '--report', 'json', proj]);
    for (const result of [dry, migration]) {
      expect(result.code, result.stderr).toBe(0);
      const status = Object.fromEntries(
        json(result.stdout).files.map((f) => [f.file, `${f.status}${f.problem ? ` ${f.problem.kind}` : ''}`]),
      );
      expect(status).toEqual({
        'linked.ts': 'skipped outside-target',
        'package.json': 'skipped outside-target',
        'server.ts': 'changed',
        'shared/deep.ts': 'skipped outside-target',
        'src/index.ts': 'changed',
        'src/server.ts': 'changed',
      });
      const linked = json(result.stdout).files.find((f) => f.file === 'linked.ts')!;
      expect(linked.problem!.message).toBe(
        `linked.ts: reached through a symbolic link, its real path ${fs.realpathSync(path.join(dir, 'outside', 'helper.ts'))} is outside the target; not written, so that every change stays where git diff shows it`,
      );
    }
    expect(readBytes(path.join(dir, 'outside'))).toEqual(outside);
    expect(fs.readFileSync(path.join(proj, 'server.ts'), 'utf8')).toContain('inputRequired(');

    // A runtime folder that leads outside is refused before anything is written.
    const before = readBytes(proj);
    const replay = run(['--allow-dirty', '--strategy', 'replay', '--runtime-dir', 'gen', proj]);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toContain('--runtime-dir must be a folder inside the target root');
    expect(readBytes(proj)).toEqual(before);
    expect(readBytes(path.join(dir, 'outside'))).toEqual(outside);
  });
});
