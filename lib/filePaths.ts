/** Pure helpers of discovery: paths, string order, error fields. No state, no file system access. */
import * as path from 'node:path';

export function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

export function withTrailingSep(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

export function isAncestorOrSelf(ancestor: string, p: string): boolean {
  if (p === ancestor) return true;
  return p.startsWith(withTrailingSep(ancestor));
}

export function commonAncestor(dirs: readonly string[]): string {
  let common = dirs[0]!;
  for (const dir of dirs.slice(1)) {
    while (!isAncestorOrSelf(common, dir)) {
      const parent = path.dirname(common);
      if (parent === common) break;
      common = parent;
    }
  }
  return common;
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
