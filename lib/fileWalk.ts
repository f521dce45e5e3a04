/**
 * The walk of discovery: the candidates (one per real file) and the problems met under the targets. Directories
 * are walked in sorted order, symbolic links after the real tree, every real directory once.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { descendLayers, IgnoreFiles, isIgnored, type ActiveLayer, type Matcher } from './fileFilters.js';
import { compareStrings, errorCode, errorMessage, isAncestorOrSelf, toPosix, withTrailingSep } from './filePaths.js';
import type { Candidate } from './fileRead.js';
import { SKIPPED_DIRECTORY_SET, SOURCE_EXTENSION_SET, type FileProblem, type FileProblemKind } from './fileTypes.js';

/** `.d.ts`, `.d.mts`, `.d.cts`, and TypeScript's arbitrary-extension declarations such as `.d.css.ts`. */
const DECLARATION_FILE = /\.d(?:\.[^./]+)?\.[mc]?ts$/;

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

/** One directory being listed: its task, the ignore layers inside it, and the subdirectories found so far. */
interface DirScan {
  task: DirTask;
  layers: ActiveLayer[];
  absPrefix: string;
  realPrefix: string;
  subdirs: DirTask[];
}

export class Discovery {
  /** Keyed by real path, so that a file reached through several paths is read once. */
  readonly candidates = new Map<string, Candidate>();
  readonly problems = new Map<string, FileProblem>();
  readonly visitedDirs = new Set<string>();
  readonly deferredLinks: DirTask[] = [];
  private readonly ignoreFiles = new IgnoreFiles();

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
      this.candidates.set(real, { abs, file, real, viaLink });
    }
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
      layers: this.ignoreFiles.ancestorLayers(this.root, absDir),
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
      const ig = this.ignoreFiles.loadIgnoreFile(path.join(task.abs, '.gitignore'));
      if (ig) layers = [...layers, { ig, relDir: '' }];
    }

    // `abs` and `real` are normalized (path.resolve, realpath, or built here) and an entry name has no
    // separator, so joining one to the other is a concatenation.
    const scan: DirScan = {
      task,
      layers,
      absPrefix: withTrailingSep(task.abs),
      realPrefix: withTrailingSep(task.real),
      subdirs: [],
    };
    for (const entry of entries) this.visitEntry(scan, entry);

    for (const child of scan.subdirs) {
      if (this.visitedDirs.has(child.real)) continue;
      this.visitedDirs.add(child.real);
      this.walkDir(child);
    }
  }

  /** One entry of a listed directory: a subdirectory to walk (now, or later behind a link), a candidate, or nothing. */
  private visitEntry(scan: DirScan, entry: fs.Dirent): void {
    const name = entry.name;
    const abs = scan.absPrefix + name;
    const rel = scan.task.rel ? `${scan.task.rel}/${name}` : name;

    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    const isLink = entry.isSymbolicLink();
    if (isLink) {
      const stat = this.statLink(scan, name, abs, rel);
      if (stat === undefined) return;
      isDir = stat.isDirectory();
      isFile = stat.isFile();
    }

    if (isDir) this.visitDir(scan, name, abs, rel, isLink);
    else if (isFile) this.visitFile(scan, name, abs, rel, isLink);
  }

  /** What a symbolic link points to; undefined when it cannot be followed. */
  private statLink(scan: DirScan, name: string, abs: string, rel: string): fs.Stats | undefined {
    try {
      return fs.statSync(abs);
    } catch (error) {
      // Dangling or self-referencing link: report it if it would have been a wanted source file.
      if (this.isWantedSourceName(name, rel) && !isIgnored(scan.layers, name, false)) {
        if (errorCode(error) === 'ELOOP') {
          this.addProblem(abs, rel, 'symlink-loop', `symbolic link loop: ${errorMessage(error)}; not followed`);
        } else {
          this.addProblem(abs, rel, 'unreadable', `dangling symbolic link: ${errorMessage(error)}`);
        }
      }
      return undefined;
    }
  }

  private visitDir(scan: DirScan, name: string, abs: string, rel: string, isLink: boolean): void {
    if (SKIPPED_DIRECTORY_SET.has(name)) return;
    if (isIgnored(scan.layers, name, true)) return;
    const { task } = scan;
    const child: DirTask = {
      abs,
      rel,
      real: '',
      layers: descendLayers(scan.layers, name),
      chain: task.chain,
      viaLink: task.viaLink || isLink,
    };
    if (isLink) {
      this.deferredLinks.push(child);
    } else {
      child.real = scan.realPrefix + name;
      child.chain = { real: child.real, parent: task.chain };
      scan.subdirs.push(child);
    }
  }

  private visitFile(scan: DirScan, name: string, abs: string, rel: string, isLink: boolean): void {
    if (!this.isWantedSourceName(name, rel)) return;
    if (isIgnored(scan.layers, name, false)) return;
    let real = scan.realPrefix + name;
    if (isLink) {
      try {
        real = fs.realpathSync.native(abs);
      } catch {
        // resolved a moment ago; keep the lexical path
      }
    }
    this.addCandidate(abs, rel, real, scan.task.viaLink || isLink);
  }
}

/** Whether `real` is, or is an ancestor of, a directory on the chain: following it would come back. */
function chainReaches(chain: Chain | undefined, real: string): boolean {
  for (let c = chain; c; c = c.parent) if (isAncestorOrSelf(real, c.real)) return true;
  return false;
}
