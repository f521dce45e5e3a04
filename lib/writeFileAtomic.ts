import fs from 'node:fs';
import path from 'node:path';

/**
 * Replace a file's content so that it is at every moment either the old or the new content: write a temp
 * file beside it, flush it, keep the original mode, then rename over the original (atomic on one file system).
 */
export function writeFileAtomic(file: string, content: string): void {
  const target = fs.realpathSync(file);
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.mrtr-${process.pid}-${Math.random().toString(36).slice(2, 8)}.tmp`);
  const mode = fs.statSync(target).mode & 0o7777;
  const fd = fs.openSync(temp, 'wx', mode);
  try {
    fs.writeFileSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.chmodSync(temp, mode);
    fs.renameSync(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
}
