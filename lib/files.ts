/**
 * Discovery, the first step of a run ("discover" in docs/ARCHITECTURE.md): turn the user's targets into the
 * list of source files to look at, with their text.
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
 *   every real file is visited at most once. A file whose real path is outside the root is marked
 *   (`outsideTarget`): it is analysed, never written.
 * - A file that is not valid UTF-8 is reported (`not-utf8`) and not read: a rewrite would re-encode its
 *   bytes. A byte order mark is stripped from `text` and recorded (`bom`), for the writes to put back.
 *
 * Nothing is ever written.
 *
 * This module is the entry point and re-exports the public names. The work is in: `fileTypes.ts` (the public
 * types and constants), `filePaths.ts` (pure path helpers), `fileFilters.ts` (ignore files and globs),
 * `fileWalk.ts` (the walk: candidates and problems) and `fileRead.ts` (reading the candidates).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileGlobs } from './fileFilters.js';
import { commonAncestor, compareStrings, errorCode, errorMessage } from './filePaths.js';
import { readCandidates } from './fileRead.js';
import { MAX_FILE_BYTES, SOURCE_EXTENSION_SET, type DiscoverOptions, type DiscoveryResult } from './fileTypes.js';
import { Discovery } from './fileWalk.js';

export {
  MAX_FILE_BYTES,
  SKIPPED_DIRECTORIES,
  SOURCE_EXTENSIONS,
  type DiscoverOptions,
  type DiscoveryResult,
  type FileProblem,
  type FileProblemKind,
  type SourceFileEntry,
} from './fileTypes.js';

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

  const files = readCandidates(
    discovery.candidates.values(),
    maxFileBytes,
    (abs, file, kind, detail) => discovery.addProblem(abs, file, kind, detail),
    realpathOr(root),
    options.release,
  );
  files.sort((a, b) => compareStrings(a.file, b.file));

  const problems = [...discovery.problems.values()].sort(
    (a, b) => compareStrings(a.file, b.file) || compareStrings(a.kind, b.kind),
  );

  return { root, files, problems, missing };
}

/** The real path of a directory that exists (the root), or the path itself when it cannot be resolved. */
function realpathOr(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return dir;
  }
}
