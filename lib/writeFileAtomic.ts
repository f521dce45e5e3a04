import fs from 'node:fs';
import path from 'node:path';

/**
 * Test hook (never set it in real use): `MCP_MRTR_TEST_EXIT_AFTER_WRITES=N` kills the process (SIGKILL, no clean-up)
 * right after its N-th completed atomic write; `MCP_MRTR_TEST_EXIT_DURING_WRITE=N` kills it during the N-th, after the
 * temp file is written and before it replaces the file. The recovery tests interrupt a migration at every point with it.
 * `MCP_MRTR_TEST_FAIL_WRITE=N` makes the N-th write fail as on a full disk (ENOSPC) before its file is replaced.
 */
let writes = 0;
let failed = false;
function testHook(phase: 'during' | 'after'): void {
  if (phase === 'during' && !failed && Number(process.env.MCP_MRTR_TEST_FAIL_WRITE) === writes + 1) {
    failed = true;
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
  }
  const limit = process.env[phase === 'after' ? 'MCP_MRTR_TEST_EXIT_AFTER_WRITES' : 'MCP_MRTR_TEST_EXIT_DURING_WRITE'];
  if (limit === undefined) return;
  if (phase === 'after' ? writes >= Number(limit) : writes + 1 >= Number(limit)) process.kill(process.pid, 'SIGKILL');
}

/** Create a file that must not exist yet, atomically: it appears complete, or not at all. */
export function createFileAtomic(file: string, content: string): void {
  const dir = path.dirname(file);
  const temp = path.join(
    dir,
    `.${path.basename(file)}.mrtr-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`,
  );
  const fd = fs.openSync(temp, 'wx', 0o644);
  try {
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
      // Root (sudo) would otherwise hand a file of the user's project to root: take the directory's owner.
      const owner = fs.statSync(dir);
      if (process.getuid?.() === 0 && (owner.uid !== 0 || owner.gid !== 0)) fs.fchownSync(fd, owner.uid, owner.gid);
    } finally {
      fs.closeSync(fd);
    }
    testHook('during');
    // link() fails when the file appeared meanwhile: a new file never replaces one it did not know about.
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      throw new Error('created meanwhile by another process (a concurrent run?); left as it is', { cause: error });
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  writes++;
  testHook('after');
}

/**
 * Replace a file's content so that it is at every moment either the old or the new content: write a temp
 * file beside it, flush it, keep the original mode (and owner, when run as root), then rename over the
 * original (atomic on one file system). A process killed at any point leaves the original or the new
 * file, never a mix; at worst a `.<name>.mrtr-<pid>-<random>.tmp` beside it.
 *
 * A read-only file is not replaced (renaming over it would succeed, since only the directory's
 * permissions count): a file without any write bit, or one this user may not write, is an error.
 *
 * With `expected`, the file must still hold exactly that text when it is replaced (checked after the new text is on
 * disk, right before the rename): an edit made meanwhile, by the user or another process, is never overwritten.
 */
export function writeFileAtomic(file: string, content: string, expected?: string): void {
  const target = fs.realpathSync(file);
  const stat = fs.statSync(target);
  if ((stat.mode & 0o222) === 0) throw new Error('read-only file (no write permission bit); left unchanged');
  try {
    fs.accessSync(target, fs.constants.W_OK);
  } catch (error) {
    throw new Error(`not writable (${(error as NodeJS.ErrnoException).code ?? 'denied'}); left unchanged`, {
      cause: error,
    });
  }
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.mrtr-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`,
  );
  const mode = stat.mode & 0o7777;
  const fd = fs.openSync(temp, 'wx', mode);
  try {
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
      fs.fchmodSync(fd, mode);
      // Root (sudo) would otherwise hand the user's file over to root.
      if (process.getuid?.() === 0 && (stat.uid !== 0 || stat.gid !== 0)) fs.fchownSync(fd, stat.uid, stat.gid);
    } finally {
      fs.closeSync(fd);
    }
    testHook('during');
    if (expected !== undefined && fs.readFileSync(target, 'utf8') !== expected)
      throw new Error('changed on disk while the migration ran (after it was read); left as it is');
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  writes++;
  testHook('after');
}
