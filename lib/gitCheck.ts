import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface WorkTreeState {
  /** The repository root holding the target, or undefined outside any git repository. */
  repo?: string;
  /** Paths (relative to the repository root) with uncommitted changes, untracked files included. */
  dirty: string[];
}

/** The git state of the repository holding each target (monorepo subfolders resolve to their own repository). */
export function checkWorkTrees(targets: string[]): WorkTreeState[] {
  const byRepo = new Map<string, WorkTreeState>();
  const outside: WorkTreeState[] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const dir = fs.existsSync(absolute) && fs.statSync(absolute).isDirectory() ? absolute : path.dirname(absolute);
    const top = git(dir, ['rev-parse', '--show-toplevel']);
    if (top.status !== 0) {
      if (outside.length === 0) outside.push({ dirty: [] });
      continue;
    }
    const repo = top.stdout.trim();
    if (byRepo.has(repo)) continue;
    const status = git(repo, ['status', '--porcelain', '-z']);
    const dirty = status.stdout
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.slice(3))
      .filter((file) => file.length > 0);
    byRepo.set(repo, { repo, dirty });
  }
  return [...byRepo.values(), ...outside];
}

function git(cwd: string, args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8' });
}
