/**
 * The public types and constants of discovery (lib/files.ts re-exports them), and the sets built from the
 * constants. This module imports nothing at run time, so every discovery module can import it without a cycle.
 */
import type { ReleaseRule, TextScan } from './textScan.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'] as const;
/** Directory names that are never walked into, wherever they appear (dependencies, VCS, build output, caches). */
export const SKIPPED_DIRECTORIES = [
  'node_modules',
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.turbo',
  '.cache',
] as const;
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export type FileProblemKind =
  'not-found' | 'binary' | 'too-large' | 'unreadable' | 'symlink-loop' | 'not-utf8' | 'outside-target';

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
  /**
   * The file's text, without its byte order mark: every offset (the compiler's, the edits') counts from the first
   * character after it. Discovery strips it (lib/fileRead.ts) and the writes put it back (`diskTextOf`): those are
   * the only two places that know of it. On an entry with a `scan`, read again from disk on each use (and checked
   * against the scan): a pass over every file uses the scan instead.
   */
  readonly text: string;
  /**
   * Present when discovery let the text go (see `DiscoverOptions.release`): what it kept of it. No transform's
   * prefilter, pre-step or finish reads such a text; a name search whose word index row lets it through does.
   */
  scan?: TextScan;
  /** Size on disk. */
  bytes: number;
  /** The byte order mark(s) the file began with and `text` does not hold (`'\uFEFF'`); absent when none. */
  bom?: string;
  /**
   * The file ends its lines with a lone CR (classic Mac OS) and holds no LF: `text` has LF in their place (one
   * character for one, so offsets are the same), as every rewrite expects, and the writes put CR back (`diskTextOf`).
   */
  crLines?: true;
  /**
   * The file's real path, when it is outside the target root (the file was reached through a symbolic link): it is
   * analysed like any other, but never written, since `git diff` in the target would not show the change.
   */
  outsideTarget?: string;
}

export interface DiscoverOptions {
  /** picomatch globs against the root-relative posix path; when non-empty a file must match one. */
  include?: string[];
  /** picomatch globs against the root-relative posix path; a file matching any is dropped. */
  exclude?: string[];
  /** Files larger than this are reported as `too-large` and not read past their first 64 KiB. Default `MAX_FILE_BYTES`. */
  maxFileBytes?: number;
  /**
   * Hold only the texts this rule keeps (and those naming the SDK or a reach module); of the others keep their scan
   * (lib/textScan.ts). Unset: every text is held.
   */
  release?: ReleaseRule;
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

export const SOURCE_EXTENSION_SET: ReadonlySet<string> = new Set(SOURCE_EXTENSIONS);
export const SKIPPED_DIRECTORY_SET: ReadonlySet<string> = new Set(SKIPPED_DIRECTORIES);

/** Records a problem with a file or directory; the walk and the reads report through it. */
export type AddProblem = (abs: string, file: string, kind: FileProblemKind, detail: string) => void;
