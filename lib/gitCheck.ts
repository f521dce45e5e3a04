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
      .filter((file) => file.length > 0 && !isOwnReport(path.join(repo, file)));
    byRepo.set(repo, { repo, dirty });
  }
  return [...byRepo.values(), ...outside];
}

function git(cwd: string, args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8' });
}

/** What this tool's JSON, SARIF and Markdown reports start with (the tool's name, in the first lines). */
const OWN_REPORT_STARTS = [
  /^\{\s*"schemaVersion":\s*\d+,\s*"tool":\s*\{\s*"name":\s*"mcp-mrtr-codemod"/,
  /^\{\s*"\$schema":[^\n]*sarif[\s\S]{0,200}"driver":\s*\{\s*"name":\s*"mcp-mrtr-codemod"/,
  /^## MRTR migration audit\s+`mcp-mrtr-codemod`/,
];

/**
 * A report this tool wrote inside the target (`--report json > mrtr-report.json`, `--output`): never a reason to
 * refuse the tree, or the next run after an audit would always stop. Recognised by its first bytes only.
 */
function isOwnReport(file: string): boolean {
  let fd: number | undefined;
  try {
    if (!fs.lstatSync(file).isFile()) return false;
    fd = fs.openSync(file, 'r');
    const head = Buffer.alloc(1024);
    const length = fs.readSync(fd, head, 0, head.length, 0);
    const text = head
      .subarray(0, length)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return OWN_REPORT_STARTS.some((start) => start.test(text));
  } catch {
    return false;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
