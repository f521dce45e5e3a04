import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The report root as a path prefix relative to the top of its git work tree (`examples/v2-notes-server/`), or
 * `''` at the top or outside git. Report paths are relative to the root; code scanning and links in a pull
 * request want them relative to the repository.
 */
export function repoRelativePrefix(root: string): string {
  const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
  if (top.status !== 0) return '';
  const relative = path.relative(fs.realpathSync(top.stdout.trim()), fs.realpathSync(root)).split(path.sep).join('/');
  return relative === '' || relative.startsWith('..') ? '' : `${relative}/`;
}
