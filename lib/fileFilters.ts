/**
 * What discovery leaves out besides extensions and skipped folders: `.gitignore` rules (and the repository's
 * `.git/info/exclude`), layered as git layers them, and the `include` / `exclude` globs.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Ignore } from 'ignore';
import { isAncestorOrSelf, toPosix } from './filePaths.js';

// ignore and picomatch are CommonJS: required rather than imported, so that Node does not scan their source with its
// CommonJS export lexer (an import does, on every run), and only when a walk needs them: ignore at the first ignore
// file looked for, picomatch for --include / --exclude globs.
const require = createRequire(import.meta.url);
let ignoreFactory: typeof import('ignore') | undefined;

const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/** A `.gitignore` (or `info/exclude`) as seen from the directory being walked. */
export interface ActiveLayer {
  ig: Ignore;
  /** Posix path of the current directory relative to the directory the rules belong to ('' = same). */
  relDir: string;
}

export type Matcher = (file: string) => boolean;

/** The ignore files met by one discovery, each read and parsed once. */
export class IgnoreFiles {
  private readonly ignoreCache = new Map<string, Ignore | null>();

  /** Parsed rules of an ignore file, cached; null when the file is absent or unreadable. */
  loadIgnoreFile(file: string): Ignore | null {
    const cached = this.ignoreCache.get(file);
    if (cached !== undefined) return cached;
    ignoreFactory ??= require('ignore') as typeof import('ignore');
    let ig: Ignore | null;
    try {
      const text = fs.readFileSync(file, 'utf8');
      ig = ignoreFactory({ ignorecase: IGNORE_CASE, allowRelativePaths: true }).add(text);
    } catch {
      ig = null;
    }
    this.ignoreCache.set(file, ig);
    return ig;
  }

  /**
   * The ignore layers that apply inside a directory target: `.gitignore` of each ancestor up to the
   * enclosing git repository root (or, outside a repository, up to the discovery root), and the
   * repository's `.git/info/exclude`. The target's own `.gitignore` is read by the walk.
   */
  ancestorLayers(root: string, absDir: string): ActiveLayer[] {
    let repoRoot: string | undefined;
    for (let dir = absDir; ;) {
      if (fs.existsSync(path.join(dir, '.git'))) {
        repoRoot = dir;
        break;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    const top = repoRoot ?? (isAncestorOrSelf(root, absDir) ? root : absDir);

    const dirs: string[] = [];
    for (let dir = absDir; dir !== top;) {
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
      dirs.push(dir);
    }
    dirs.reverse(); // shallowest first = lowest precedence first

    const layers: { ig: Ignore; base: string }[] = [];
    if (repoRoot) {
      const exclude = this.loadIgnoreFile(path.join(repoRoot, '.git', 'info', 'exclude'));
      if (exclude) layers.push({ ig: exclude, base: repoRoot });
    }
    for (const dir of dirs) {
      const ig = this.loadIgnoreFile(path.join(dir, '.gitignore'));
      if (ig) layers.push({ ig, base: dir });
    }
    const active: ActiveLayer[] = [];
    for (const { ig, base } of layers) {
      const relDir = toPosix(path.relative(base, absDir));
      // A layer that excludes the target directory itself has no say inside it (the target was named
      // explicitly); with `ignore`, every answer below an excluded directory would be "ignored".
      if (relDir !== '' && safeTest(ig, relDir + '/').ignored) continue;
      active.push({ ig, relDir });
    }
    return active;
  }
}

function safeTest(ig: Ignore, p: string): { ignored: boolean; unignored: boolean } {
  try {
    return ig.test(p);
  } catch {
    return { ignored: false, unignored: false };
  }
}

/**
 * git precedence: the deepest ignore file with a matching rule decides (last matching rule in it);
 * a negation re-includes. Directories are tested with a trailing slash so `dir/` rules apply.
 */
export function isIgnored(layers: readonly ActiveLayer[], name: string, isDir: boolean): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const p = (layer.relDir ? `${layer.relDir}/${name}` : name) + (isDir ? '/' : '');
    const result = safeTest(layer.ig, p);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

export function descendLayers(layers: readonly ActiveLayer[], name: string): ActiveLayer[] {
  return layers.map((l) => ({ ig: l.ig, relDir: l.relDir ? `${l.relDir}/${name}` : name }));
}

export function compileGlobs(globs: string[] | undefined): Matcher | undefined {
  const patterns = (globs ?? []).map((g) => g.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '')).filter((g) => g !== '');
  if (patterns.length === 0) return undefined;
  const picomatch = require('picomatch') as typeof import('picomatch');
  return picomatch(patterns, { dot: true });
}
