// Where a write may land: inside the target root, never in repository metadata, never through a symbolic link that
// leads out. Every path the tool writes (a planned file, a journal entry it finishes, --runtime-dir) is checked here,
// because a cloned repository is untrusted input: its links and its committed files must not steer a write.
import fs from 'node:fs';
import path from 'node:path';
import { isAncestorOrSelf } from './filePaths.js';

/** Folder names whose files belong to a version-control system: a write there could run code (git hooks, config). */
const METADATA_FOLDERS = new Set(['.git', '.hg', '.svn']);

/** Whether a path goes through a version-control metadata folder (`.git/…`), or is a `.git` file (a worktree link). */
export function isRepositoryMetadata(absPath: string): boolean {
  return absPath.split(/[\\/]/).some((part) => METADATA_FOLDERS.has(part.toLowerCase()));
}

/**
 * The real path a write to `absPath` would land on when it is outside the target root (a symbolic link on the way
 * leads out), else undefined. A file that does not exist yet lands in its nearest existing folder.
 */
export function outsideRoot(root: string, absPath: string): string | undefined {
  const realRoot = realpathOrSelf(root);
  let existing = absPath;
  const rest: string[] = [];
  for (;;) {
    try {
      const real = path.join(fs.realpathSync.native(existing), ...rest);
      return isAncestorOrSelf(realRoot, real) ? undefined : real;
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return undefined;
      rest.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** The first symbolic link on the way from `root` down to `absPath` (the file itself included), root-relative. */
export function linkOnTheWay(root: string, absPath: string): string | undefined {
  const parts = path.relative(root, absPath).split(path.sep).filter(Boolean);
  let current = root;
  for (const part of parts) {
    current = path.join(current, part);
    try {
      if (fs.lstatSync(current).isSymbolicLink()) return path.relative(root, current).split(path.sep).join('/');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Why the tool must not write `absPath` for a run on `root` (outside it, repository metadata), or undefined. */
export function forbiddenWrite(root: string, absPath: string): string | undefined {
  const relative = path.relative(root, absPath);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return 'outside the target folder';
  if (isRepositoryMetadata(relative)) return 'inside repository metadata (.git); the tool never writes there';
  const real = outsideRoot(root, absPath);
  if (real !== undefined) return `reached through a symbolic link, its real path ${real} is outside the target`;
  return undefined;
}

export function realpathOrSelf(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return file;
  }
}

/** Whether this user may write the file or folder (false when it cannot be checked). */
export function canWrite(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
