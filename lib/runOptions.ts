// A run's options as the runner reads them: its own. Each transform's options are declared by the transform
// (lib/transform.ts) and read through optionValuesOf; the library's AuditOptions (api/) names them all.
import type { PrettierMode } from './format.js';

/**
 * The runner's own options. A run's options are these and each transform's own (declared in its `options`, see
 * lib/transform.ts: the library's RunOptions names them all); the runner hands each transform the values of its own.
 */
export interface RunOptions {
  /** Files or directories to analyse. */
  paths: string[];
  include?: string[];
  exclude?: string[];
  /** A tsconfig whose compiler options (jsx, module) are used for parsing; defaults to `<root>/tsconfig.json`. */
  tsconfig?: string;
  /** Attach each changed file's unified diff to its file entry (`FileReport.diff`). */
  diff?: boolean;
  /** Format changed files with prettier: `true` every one, `false` none, unset where the target uses prettier (format.ts). */
  prettier?: PrettierMode;
  /**
   * Also look for asks in test files (lib/testFiles.ts: conventional names, and the files the tsconfig's `exclude`
   * leaves out). Off by default: test files are not production, their asks are left out (the report counts the files,
   * `totals.testFilesLeftOut`). Either way a call from a test file never decides where a helper runs.
   */
  includeTests?: boolean;
  /** Called as the run advances (`parse`: files parsed; `analyse`: 0 then 1; `rewrite`: files rewritten); for progress bars. */
  onProgress?: (done: number, total: number, phase: ProgressPhase) => void;
  /**
   * Called with a one-line notice about the run that is not part of its report: an interrupted migration finished
   * first (a migration), or its journal found (an audit). The CLI prints it on stderr.
   */
  onNotice?: (message: string) => void;
}

export type ProgressPhase = 'parse' | 'analyse' | 'rewrite';
