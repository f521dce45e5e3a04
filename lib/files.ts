/**
 * Pipeline step "files" (DESIGN.md section 3): turn the user's targets into the list of source files
 * to look at, with their text.
 *
 * - Targets are files or directories, relative to `process.cwd()` or absolute.
 * - Directories are walked recursively, in sorted order. Only `SOURCE_EXTENSIONS` are kept;
 *   declaration files and `SKIPPED_DIRECTORIES` are skipped.
 * - `.gitignore` files are honoured like git does: the one of each walked directory for its subtree,
 *   plus those of the ancestors of a directory target up to the enclosing repository root, plus that
 *   repository's `.git/info/exclude`.
 * - `include` / `exclude` globs (picomatch, `dot: true`) are matched against the root-relative
 *   posix path.
 * - A file named explicitly as a target is kept whenever it has a source extension.
 * - Symbolic links are followed; loops are reported once and not followed; every real directory and
 *   every real file is visited at most once.
 *
 * Nothing is ever written.
 */
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Ignore } from 'ignore';

// ignore and picomatch are CommonJS: required rather than imported, so that Node does not scan their source with its
// CommonJS export lexer (an import does, on every run), and only when a walk needs them: ignore at the first ignore
// file looked for, picomatch for --include / --exclude globs.
const require = createRequire(import.meta.url);
let ignoreFactory: typeof import('ignore') | undefined;

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;
/** Directory names that are never walked into, wherever they appear (dependencies, VCS, build output, caches). */
export const SKIPPED_DIRECTORIES = ['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next', '.turbo', '.cache'] as const;
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export type FileProblemKind = 'not-found' | 'binary' | 'too-large' | 'unreadable' | 'symlink-loop';

export interface FileProblem {
  /** Relative to root, posix slashes. */
  file: string;
  absPath: string;
  kind: FileProblemKind;
  /** One line; names the file and the problem. */
  message: string;
}

export interface SourceFileEntry {
  absPath: string;
  /** Relative to root, posix slashes. */
  file: string;
  text: string;
  bytes: number;
}

export interface DiscoverOptions {
  /** picomatch globs against the root-relative posix path; when non-empty a file must match one. */
  include?: string[];
  /** picomatch globs against the root-relative posix path; a file matching any is dropped. */
  exclude?: string[];
  /** Files larger than this are reported as `too-large` and not read past their first 64 KiB. Default `MAX_FILE_BYTES`. */
  maxFileBytes?: number;
}

export interface DiscoveryResult {
  /** Absolute. */
  root: string;
  /** Sorted by `file`. */
  files: SourceFileEntry[];
  problems: FileProblem[];
  /** Targets that do not exist, as given. */
  missing: string[];
}

// ---------------------------------------------------------------------------------------------------
// Internals

const SOURCE_EXTENSION_SET: ReadonlySet<string> = new Set(SOURCE_EXTENSIONS);
const SKIPPED_DIRECTORY_SET: ReadonlySet<string> = new Set(SKIPPED_DIRECTORIES);
/** `.d.ts`, `.d.mts`, `.d.cts`, and TypeScript's arbitrary-extension declarations such as `.d.css.ts`. */
const DECLARATION_FILE = /\.d(?:\.[^./]+)?\.[mc]?ts$/;
const BINARY_SNIFF_BYTES = 8000;
/** Larger than almost every source file, so that most are read in one call into one buffer. */
const READ_BUFFER_BYTES = 64 * 1024;
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/** A `.gitignore` (or `info/exclude`) as seen from the directory being walked. */
interface ActiveLayer {
  ig: Ignore;
  /** Posix path of the current directory relative to the directory the rules belong to ('' = same). */
  relDir: string;
}

/**
 * Real paths of the directories on the current walk path, innermost first. A link whose real target
 * is one of them, or an ancestor of one of them (e.g. above the walked target), is a loop.
 */
interface Chain {
  real: string;
  parent: Chain | undefined;
}

interface DirTask {
  abs: string;
  /** Root-relative posix path ('' for root). */
  rel: string;
  /** Real path of `abs`. */
  real: string;
  layers: ActiveLayer[];
  chain: Chain;
  viaLink: boolean;
}

interface Candidate {
  abs: string;
  file: string;
  viaLink: boolean;
}

type Matcher = (file: string) => boolean;

class Discovery {
  /** Keyed by real path, so that a file reached through several paths is read once. */
  readonly candidates = new Map<string, Candidate>();
  readonly problems = new Map<string, FileProblem>();
  readonly visitedDirs = new Set<string>();
  readonly deferredLinks: DirTask[] = [];
  private readonly ignoreCache = new Map<string, Ignore | null>();
  /** Shared by every read (one file at a time); grows only for a file larger than it. */
  private readBuffer = Buffer.allocUnsafe(READ_BUFFER_BYTES);

  constructor(
    readonly root: string,
    private readonly includeMatch: Matcher | undefined,
    private readonly excludeMatch: Matcher | undefined,
  ) {}

  relOf(abs: string): string {
    return toPosix(path.relative(this.root, abs));
  }

  addProblem(abs: string, file: string, kind: FileProblemKind, detail: string): void {
    const key = `${kind}\0${abs}`;
    if (this.problems.has(key)) return;
    const message = `${file || '.'}: ${detail}`.replace(/\s*[\r\n]+\s*/g, ' ');
    this.problems.set(key, { file, absPath: abs, kind, message });
  }

  /** One candidate per real file: prefer a path that does not go through a symbolic link, then the first by name. */
  addCandidate(abs: string, file: string, real: string, viaLink: boolean): void {
    const existing = this.candidates.get(real);
    if (
      existing === undefined ||
      (existing.viaLink && !viaLink) ||
      (existing.viaLink === viaLink && compareStrings(file, existing.file) < 0)
    ) {
      this.candidates.set(real, { abs, file, viaLink });
    }
  }

  /** Parsed rules of an ignore file, cached; null when the file is absent or unreadable. */
  loadIgnoreFile(file: string): Ignore | null {
    const cached = this.ignoreCache.get(file);
    if (cached !== undefined) return cached;
    ignoreFactory ??= require('ignore') as typeof import('ignore');
    let ig: Ignore | null = null;
    try {
      const text = fs.readFileSync(file, 'utf8');
      ig = ignoreFactory({ ignorecase: IGNORE_CASE, allowRelativePaths: true }).add(text);
    } catch {
      ig = null;
    }
    this.ignoreCache.set(file, ig);
    return ig;
  }

  /** Whether a root-relative file path passes the source-file filters (extension, declaration, globs). */
  isWantedSourceName(name: string, file: string): boolean {
    if (!SOURCE_EXTENSION_SET.has(path.extname(name))) return false;
    if (DECLARATION_FILE.test(name)) return false;
    if (this.includeMatch && !this.includeMatch(file)) return false;
    if (this.excludeMatch && this.excludeMatch(file)) return false;
    return true;
  }

  // --- walking ---------------------------------------------------------------------------------

  /**
   * Walk the real (non-link) tree under a target directory. Symlinked directories met on the way are
   * queued in `deferredLinks` and walked by `walkDeferredLinks`, so that a directory reachable both
   * directly and through a link is listed under its direct path.
   */
  walkTarget(absDir: string): void {
    let real: string;
    try {
      real = fs.realpathSync.native(absDir);
    } catch (error) {
      this.addProblem(absDir, this.relOf(absDir), 'unreadable', `cannot read directory: ${errorMessage(error)}`);
      return;
    }
    if (this.visitedDirs.has(real)) return;
    this.visitedDirs.add(real);
    this.walkDir({
      abs: absDir,
      rel: this.relOf(absDir),
      real,
      layers: this.ancestorLayers(absDir),
      chain: { real, parent: undefined },
      viaLink: false,
    });
  }

  /** Drain symlinked directories found so far (they are walked after the real tree, so real paths win). */
  walkDeferredLinks(): void {
    for (let i = 0; i < this.deferredLinks.length; i++) {
      const link = this.deferredLinks[i]!;
      let real: string;
      try {
        real = fs.realpathSync.native(link.abs);
      } catch (error) {
        this.addProblem(link.abs, link.rel, 'unreadable', `cannot resolve symbolic link: ${errorMessage(error)}`);
        continue;
      }
      if (chainReaches(link.chain, real)) {
        this.addProblem(
          link.abs,
          link.rel,
          'symlink-loop',
          `symbolic link loop: points to ${real}, which contains the link; not followed`,
        );
        continue;
      }
      if (this.visitedDirs.has(real)) continue; // already walked through another path
      this.visitedDirs.add(real);
      this.walkDir({ ...link, real, chain: { real, parent: link.chain } });
    }
    this.deferredLinks.length = 0;
  }

  /**
   * The ignore layers that apply inside a directory target: `.gitignore` of each ancestor up to the
   * enclosing git repository root (or, outside a repository, up to the discovery root), and the
   * repository's `.git/info/exclude`. The target's own `.gitignore` is read by the walk.
   */
  private ancestorLayers(absDir: string): ActiveLayer[] {
    let repoRoot: string | undefined;
    for (let dir = absDir; ; ) {
      if (fs.existsSync(path.join(dir, '.git'))) {
        repoRoot = dir;
        break;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    const top = repoRoot ?? (isAncestorOrSelf(this.root, absDir) ? this.root : absDir);

    const dirs: string[] = [];
    for (let dir = absDir; dir !== top; ) {
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

  private walkDir(task: DirTask): void {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(task.abs, { withFileTypes: true });
    } catch (error) {
      this.addProblem(task.abs, task.rel, 'unreadable', `cannot read directory: ${errorMessage(error)}`);
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

    let layers = task.layers;
    if (entries.some((e) => e.name === '.gitignore' && !e.isDirectory())) {
      const ig = this.loadIgnoreFile(path.join(task.abs, '.gitignore'));
      if (ig) layers = [...layers, { ig, relDir: '' }];
    }

    // `abs` and `real` are normalized (path.resolve, realpath, or built here) and an entry name has no
    // separator, so joining one to the other is a concatenation.
    const absPrefix = withTrailingSep(task.abs);
    const realPrefix = withTrailingSep(task.real);
    const subdirs: DirTask[] = [];
    for (const entry of entries) {
      const name = entry.name;
      const abs = absPrefix + name;
      const rel = task.rel ? `${task.rel}/${name}` : name;

      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      const isLink = entry.isSymbolicLink();
      if (isLink) {
        let stat: fs.Stats;
        try {
          stat = fs.statSync(abs);
        } catch (error) {
          // Dangling or self-referencing link: report it if it would have been a wanted source file.
          if (this.isWantedSourceName(name, rel) && !isIgnored(layers, name, false)) {
            if (errorCode(error) === 'ELOOP') {
              this.addProblem(abs, rel, 'symlink-loop', `symbolic link loop: ${errorMessage(error)}; not followed`);
            } else {
              this.addProblem(abs, rel, 'unreadable', `dangling symbolic link: ${errorMessage(error)}`);
            }
          }
          continue;
        }
        isDir = stat.isDirectory();
        isFile = stat.isFile();
      }

      if (isDir) {
        if (SKIPPED_DIRECTORY_SET.has(name)) continue;
        if (isIgnored(layers, name, true)) continue;
        const child: DirTask = {
          abs,
          rel,
          real: '',
          layers: descendLayers(layers, name),
          chain: task.chain,
          viaLink: task.viaLink || isLink,
        };
        if (isLink) {
          this.deferredLinks.push(child);
        } else {
          child.real = realPrefix + name;
          child.chain = { real: child.real, parent: task.chain };
          subdirs.push(child);
        }
      } else if (isFile) {
        if (!this.isWantedSourceName(name, rel)) continue;
        if (isIgnored(layers, name, false)) continue;
        let real = realPrefix + name;
        if (isLink) {
          try {
            real = fs.realpathSync.native(abs);
          } catch {
            // resolved a moment ago; keep the lexical path
          }
        }
        this.addCandidate(abs, rel, real, task.viaLink || isLink);
      }
    }

    for (const child of subdirs) {
      if (this.visitedDirs.has(child.real)) continue;
      this.visitedDirs.add(child.real);
      this.walkDir(child);
    }
  }

  // --- reading ---------------------------------------------------------------------------------

  /**
   * Read every candidate. Synchronous on purpose: for thousands of small files, open/read/close in a
   * loop is several times faster than promise-based reads through the libuv thread pool.
   */
  readCandidates(maxFileBytes: number): SourceFileEntry[] {
    const files: SourceFileEntry[] = [];
    for (const candidate of this.candidates.values()) {
      const entry = this.readOne(candidate, maxFileBytes);
      if (entry) files.push(entry);
    }
    return files;
  }

  /**
   * Most source files fit in one reusable buffer: they are read to the end without an fstat and
   * without a Buffer of their own. Only a file that fills the probe is asked for its size; when that
   * is above `maxFileBytes` it is reported without being read beyond the probe.
   */
  private readOne(candidate: Candidate, maxFileBytes: number): SourceFileEntry | undefined {
    const { abs, file } = candidate;
    let buffer = this.readBuffer;
    // The probe holds at most maxFileBytes + 1 bytes, so a file that ends before filling it is within
    // the limit.
    const probe = maxFileBytes < buffer.length ? Math.max(0, Math.floor(maxFileBytes) + 1) : buffer.length;
    let filled = 0;
    let fd: number | undefined;
    try {
      fd = fs.openSync(abs, 'r');
      while (filled < probe) {
        const n = fs.readSync(fd, buffer, filled, probe - filled, filled);
        if (n === 0) break;
        filled += n;
      }
      if (filled === probe) {
        const size = fs.fstatSync(fd).size;
        if (size > maxFileBytes) {
          this.addProblem(abs, file, 'too-large', `file too large (${size} bytes, limit ${maxFileBytes}); skipped`);
          return undefined;
        }
        if (size > buffer.length) {
          const grown = Buffer.allocUnsafe(size);
          buffer.copy(grown, 0, 0, filled);
          buffer = this.readBuffer = grown;
        }
        while (filled < size) {
          const n = fs.readSync(fd, buffer, filled, size - filled, filled);
          if (n === 0) break; // shrank since fstat
          filled += n;
        }
      }
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT') {
        this.addProblem(abs, file, 'not-found', `file disappeared while reading: ${errorMessage(error)}`);
      } else if (code === 'ELOOP') {
        this.addProblem(abs, file, 'symlink-loop', `symbolic link loop: ${errorMessage(error)}; not followed`);
      } else {
        this.addProblem(abs, file, 'unreadable', `cannot read file: ${errorMessage(error)}`);
      }
      return undefined;
    } finally {
      if (fd !== undefined) {
        try {
          fs.closeSync(fd);
        } catch {
          // nothing useful to do
        }
      }
    }
    if (buffer.subarray(0, Math.min(filled, BINARY_SNIFF_BYTES)).includes(0)) {
      this.addProblem(abs, file, 'binary', `binary file (NUL byte in the first ${BINARY_SNIFF_BYTES} bytes); skipped`);
      return undefined;
    }
    return {
      absPath: abs,
      file,
      text: buffer.toString('utf8', 0, filled), // Buffer decoding keeps a BOM as U+FEFF
      bytes: filled,
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

function withTrailingSep(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
}

function isAncestorOrSelf(ancestor: string, p: string): boolean {
  if (p === ancestor) return true;
  return p.startsWith(withTrailingSep(ancestor));
}

/** Whether `real` is, or is an ancestor of, a directory on the chain: following it would come back. */
function chainReaches(chain: Chain | undefined, real: string): boolean {
  for (let c = chain; c; c = c.parent) if (isAncestorOrSelf(real, c.real)) return true;
  return false;
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
function isIgnored(layers: readonly ActiveLayer[], name: string, isDir: boolean): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const layer = layers[i]!;
    const p = (layer.relDir ? `${layer.relDir}/${name}` : name) + (isDir ? '/' : '');
    const result = safeTest(layer.ig, p);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

function descendLayers(layers: readonly ActiveLayer[], name: string): ActiveLayer[] {
  return layers.map((l) => ({ ig: l.ig, relDir: l.relDir ? `${l.relDir}/${name}` : name }));
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function compileGlobs(globs: string[] | undefined): Matcher | undefined {
  const patterns = (globs ?? []).map((g) => g.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '')).filter((g) => g !== '');
  if (patterns.length === 0) return undefined;
  const picomatch = require('picomatch') as typeof import('picomatch');
  return picomatch(patterns, { dot: true });
}

function commonAncestor(dirs: readonly string[]): string {
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

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Entry point

/**
 * Find and read the source files under `targets`. Never throws for missing or unreadable paths:
 * those are returned in `missing` and `problems`. Never writes anything.
 */
export async function discoverFiles(targets: string[], options: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const missing: string[] = [];
  const resolved: { given: string; abs: string; kind: 'dir' | 'file'; error?: unknown }[] = [];

  for (const given of targets) {
    const abs = path.resolve(given);
    try {
      const stat = fs.statSync(abs);
      if (stat.isDirectory()) resolved.push({ given, abs, kind: 'dir' });
      else if (stat.isFile()) resolved.push({ given, abs, kind: 'file' });
      // Sockets, FIFOs, devices: exist but are not source files; nothing to do.
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') missing.push(given);
      else resolved.push({ given, abs, kind: 'file', error }); // e.g. EACCES / ELOOP on the path itself
    }
  }

  const anchorDirs = resolved.map((t) => (t.kind === 'dir' ? t.abs : path.dirname(t.abs)));
  const root = anchorDirs.length > 0 ? commonAncestor(anchorDirs) : process.cwd();

  const discovery = new Discovery(root, compileGlobs(options.include), compileGlobs(options.exclude));

  for (const target of resolved) {
    if (target.error !== undefined) {
      const code = errorCode(target.error);
      discovery.addProblem(
        target.abs,
        discovery.relOf(target.abs),
        code === 'ELOOP' ? 'symlink-loop' : 'unreadable',
        `cannot access: ${errorMessage(target.error)}`,
      );
    } else if (target.kind === 'file') {
      // Named explicitly: kept whenever it has a source extension (even if ignored or a declaration).
      if (SOURCE_EXTENSION_SET.has(path.extname(target.abs))) {
        let real = target.abs;
        try {
          real = fs.realpathSync.native(target.abs);
        } catch {
          // stat succeeded a moment ago; keep the lexical path
        }
        discovery.addCandidate(target.abs, discovery.relOf(target.abs), real, false);
      }
    } else {
      discovery.walkTarget(target.abs);
    }
  }
  discovery.walkDeferredLinks();

  const files = discovery.readCandidates(maxFileBytes);
  files.sort((a, b) => compareStrings(a.file, b.file));

  const problems = [...discovery.problems.values()].sort(
    (a, b) => compareStrings(a.file, b.file) || compareStrings(a.kind, b.kind),
  );

  return { root, files, problems, missing };
}
