// The report model (docs/ARCHITECTURE.md; schema/report.schema.json describes it): one shape, rendered by lib/report/
// as text, JSON, Markdown and SARIF.

export const REPORT_SCHEMA_VERSION = 1;

export type SiteKind = 'elicitation' | 'sampling' | 'roots';

/** Where a site runs: the request family, or the non-request context that reaches it. */
export type Family =
  | 'tools/call'
  | 'prompts/get'
  | 'resources/read'
  | 'other-request'
  | 'notification'
  | 'oninitialized'
  | 'event'
  | 'timer'
  | 'startup'
  | 'dead'
  | 'unresolved'
  | 'mixed';

export type Decision = 'rewritten' | 'review' | 'skipped';

export type SdkMajor = 'v1' | 'v2' | 'unknown';

/** One step of a call chain: the entry (handler or context) first, then each helper down to the site. */
export interface Frame {
  /** `tools/call delete_note`, `oninitialized`, or the helper's name (`confirmAction`, `NotesService.confirm`). */
  name: string;
  file: string;
  line: number;
  /** Set on the entry frame only. */
  family?: Exclude<Family, 'mixed' | 'dead' | 'unresolved'>;
  /** Set on the entry frame of request and notification handlers: the method it handles, when known. */
  method?: string;
  /** The line (in this frame's file) where this frame calls the next one. */
  callLine?: number;
}

export interface Site {
  /** Stable across runs and unrelated edits: transform id, file, enclosing function and call text. */
  id: string;
  transform: string;
  file: string;
  line: number;
  column: number;
  kind: SiteKind;
  /** The call form, e.g. `server.elicitInput`, `extra.sendRequest`, `ctx.mcpReq.send`. */
  form: string;
  sdk: SdkMajor;
  /** The call's source text, shortened to one line. */
  code: string;
  family: Family;
  /** Every family that reaches the site (more than one when `family` is `mixed`). */
  families: Family[];
  /** The enclosing handler of the first chain, when the site runs under a request handler. */
  handler?: Frame;
  /** The first chain: entry frame, then helpers, ending with the function that holds the site. */
  chain: Frame[];
  /** Every chain found (the first equals `chain`), capped at 20. */
  chains: Frame[][];
  /** What surrounds the ask: `capability-check`, `try-catch`, `promise-catch`, `timeout-race`, `loop`, `promise-all`. */
  guards: string[];
  decision: Decision;
  strategy?: 'explicit' | 'replay';
  /** Reason id (`review`/`skipped`), e.g. `no-strategy-yet`; the pair transform/reason names the finding. */
  reason?: string;
  message?: string;
  /**
   * What a reviewer should know, e.g. server-side values carried in the (encrypted, signed) requestState, or the
   * test files that call the site's helpers directly.
   */
  notes?: string[];
}

/**
 * A finding that is not a push-style site: what another step of the run left for a person or wants known, e.g.
 * the official v1-to-v2 codemod's `@mcp-codemod-error` markers and diagnostics, or a package.json warning.
 */
export interface Finding {
  /** The step that raised it, e.g. `v1-to-v2`; the pair transform/reason names the finding. */
  transform: string;
  /** `codemod-error-marker`, `codemod-warning`, `codemod-info`, `manifest-warning`, `manifest-unreadable`. */
  reason: string;
  /** `review`: a person has work to do (counts for --fail-on review); `info`: for the record. */
  decision: 'review' | 'info';
  level: 'error' | 'warning' | 'info';
  file: string;
  line: number;
  message: string;
}

/** A check of the run's result as a whole (the migrated project's type check): one line for the summary. */
export interface Check {
  /** The transform that ran it, e.g. `typecheck`. */
  transform: string;
  /** `failed`: it found problems the migration introduced (each a review finding); `skipped`: it could not run. */
  status: 'passed' | 'failed' | 'skipped';
  /** One line: what was checked and what came out, or why it was skipped and how to run it by hand. */
  summary: string;
}

export type FileStatus = 'changed' | 'unchanged' | 'skipped' | 'error';

export interface FileReport {
  file: string;
  status: FileStatus;
  sites: number;
  /** For `skipped` and `error`: why, naming the problem; for `error` with a position when known. */
  problem?: { kind: string; message: string; line?: number; column?: number };
  /** A file the migration creates (e.g. a generated module); absent for files that exist. */
  created?: boolean;
  /** With `--diff`: the unified diff of the planned (dry run) or applied (migration) change. */
  diff?: string;
}

export interface Totals {
  files: number;
  filesParsed: number;
  filesWithSites: number;
  filesSkipped: number;
  filesWithErrors: number;
  /** Files the run changed (migration) or would change (dry run). */
  filesChanged: number;
  sites: number;
  rewritten: number;
  review: number;
  skipped: number;
  byKind: Record<SiteKind, number>;
  byFamily: Partial<Record<Family, number>>;
  /**
   * Test files (conventional names, or excluded by the tsconfig) that may hold asks and were left out of the
   * analysis (`--include-tests` audits them); present when there are any.
   */
  testFilesLeftOut?: number;
}

export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: string; version: string };
  mode: 'dry-run' | 'migrate';
  /** Absolute path of the target root; every `file` in the report is relative to it. */
  root: string;
  /** True when the migration wrote at least one file; always false for a dry run. */
  wrote: boolean;
  sites: Site[];
  /** Findings of other steps (the v1-to-v2 step); present when there are any. */
  findings?: Finding[];
  /** Checks of the result as a whole (the type check of the migrated project); present when one ran or was skipped. */
  checks?: Check[];
  files: FileReport[];
  totals: Totals;
}
