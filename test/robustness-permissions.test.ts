/** The built CLI on read-only, immutable and unreadable files, and on files it replaces (owner and mode kept). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, removeTemps, run, tempTree, tool } from './support/robustness.js';

const NOBODY = 65534;

/** Whether a child process running as `nobody` can run the CLI (root can drop privileges; the repository must be readable). */
function canRunAsNobody(): boolean {
  if (process.getuid?.() !== 0) return false;
  return run(['--version'], { uid: NOBODY }).code === 0;
}

afterEach(removeTemps);

describe('robustness: permissions', () => {
  it('leaves a read-only file (no write bit) untouched and reports it, and writes no other file of the plan', () => {
    const dir = tempTree({ 'locked.ts': tool('locked'), 'open.ts': tool('open') });
    fs.chmodSync(path.join(dir, 'locked.ts'), 0o444);
    const { code, stdout } = run(['--allow-dirty', '--report', 'json', dir]);
    expect(code).toBe(1);
    const files = json(stdout).files;
    expect(files.find((f) => f.file === 'locked.ts')).toMatchObject({
      status: 'error',
      problem: { kind: 'write-error', message: expect.stringMatching(/^locked\.ts: read-only/) },
    });
    // The files of a migration are written together or not at all (lib/commitWrites.ts).
    expect(files.find((f) => f.file === 'open.ts')?.problem?.message).toMatch(/^open\.ts: not written: locked\.ts/);
    expect(fs.readFileSync(path.join(dir, 'open.ts'), 'utf8')).toBe(tool('open'));
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
      problem: { kind: 'write-error', message: expect.stringMatching(/^frozen\.ts: not writable/) },
    });
    expect(files.find((f) => f.file === 'open.ts')?.problem?.message).toMatch(/^open\.ts: not written: frozen\.ts/);
    expect(fs.readFileSync(path.join(dir, 'open.ts'), 'utf8')).toBe(tool('open'));
    expect(fs.readFileSync(path.join(dir, 'frozen.ts'), 'utf8')).toBe(tool('frozen'));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('as an unprivileged user: reports an unreadable file and a directory it cannot write to, writing nothing', (context) => {
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
      problem: {
        kind: 'write-error',
        message: expect.stringMatching(/^sealed\/inner\.ts: its folder .* is not writable/),
      },
    });
    expect(files.find((f) => f.file === 'open.ts')?.problem?.message).toMatch(
      /^open\.ts: not written: sealed\/inner\.ts/,
    );
    expect(fs.readFileSync(path.join(dir, 'open.ts'), 'utf8')).toBe(tool('open'));
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
