// Which package.json owns a file: the nearest one above it, up to the target root, as npm and Node resolve a package's
// dependencies. In a monorepo (npm, pnpm or yarn workspaces) each package lists its own dependencies, so the v1 step
// edits the package.json of each package for the files it holds, and the root's only for the files outside them.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The nearest `package.json` above each file, from its folder up to `root` (inclusive), by absolute path; undefined
 * when there is none in between. Each folder is looked at once.
 */
export function manifestOwner(root: string): (absPath: string) => string | undefined {
  const found = new Map<string, string | undefined>();
  const ownerOf = (dir: string): string | undefined => {
    if (found.has(dir)) return found.get(dir);
    const manifest = path.join(dir, 'package.json');
    let owner: string | undefined;
    if (fs.existsSync(manifest)) owner = manifest;
    else if (dir !== root && path.dirname(dir) !== dir && isInside(root, path.dirname(dir)))
      owner = ownerOf(path.dirname(dir));
    found.set(dir, owner);
    return owner;
  };
  return (absPath) => (isInside(root, absPath) ? ownerOf(path.dirname(absPath)) : undefined);
}

/** The final texts grouped by the package.json that owns each (files no package.json owns are left out). */
export function groupByManifest<T>(
  root: string,
  items: Iterable<[string, T]>,
): Map<string, Array<{ absPath: string; item: T }>> {
  const ownerOf = manifestOwner(root);
  const groups = new Map<string, Array<{ absPath: string; item: T }>>();
  for (const [absPath, item] of items) {
    const owner = ownerOf(absPath);
    if (owner === undefined) continue;
    const group = groups.get(owner);
    if (group) group.push({ absPath, item });
    else groups.set(owner, [{ absPath, item }]);
  }
  return groups;
}

function isInside(root: string, absPath: string): boolean {
  const relative = path.relative(root, absPath);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
