// Apply: each file's edits and each whole file the plan writes, checked to parse, written atomically when the run
// writes; a file that fails any step is left exactly as it was and reported, and the others go on.
import fs from 'node:fs';
import path from 'node:path';
import { isUtf8 } from 'node:buffer';
import { applyEdits, type TextEdit } from './edits.js';
import { diskTextOf } from './fileRead.js';
import type { DiscoveryResult } from './files.js';
import type { Formatting } from './format.js';
import type { PendingWrite } from './journal.js';
import { loadTypeScript } from './startup.js';
import { scriptKindFor } from './scriptKind.js';
import { parseDiagnostics } from './tsMorphInternals.js';
import { outsideRoot } from './writePaths.js';
// Not imported here: the diff writer (./diff.js: jsdiff, some twenty modules) and the atomic writes
// (./writeFileAtomic.js), loaded where a run needs them (see diffOf); a dry run without a diff needs neither.

/** Before and after text of each file the plan changes, as the file holds it (byte order mark included), keyed by absolute path. */
export type PlannedTexts = Map<string, { before: string; after: string }>;

/** What applying needs of the run's options. */
export interface ApplyOptions {
  /** Attach each changed file's unified diff to its outcome. */
  diff?: boolean;
  /** Formats the changed files (see format.ts); none: the run's text as planned. */
  formatting?: Formatting;
  onProgress?: (done: number, total: number, phase: 'rewrite') => void;
}

export interface FileOutcome {
  /** `skipped`: a change was planned but the file is not written (`outside-target`, `not-utf8`). */
  status: 'changed' | 'skipped' | 'error';
  diff?: string;
  problem?: { kind: string; message: string };
  /** For whole-file writes outside the discovered sources: the path relative to the root, and whether it is new. */
  file?: string;
  created?: boolean;
}

/**
 * Whole files the plan creates or replaces (a generated module, package.json): each formatted as a changed file is
 * (lib/format.ts; a new file was clean), written atomically, a new file never replacing one that appeared meanwhile;
 * source files must still parse. A file whose real path is
 * outside the target root (through a symbolic link), or that is not valid UTF-8, is skipped and reported.
 * With `deferred`, the writes are added to it instead (the runner makes them all in a recoverable order, see
 * journal.ts).
 */
export async function applyFiles(
  discovery: DiscoveryResult,
  files: Map<string, string> | undefined,
  edits: Map<string, TextEdit[]>,
  write: boolean,
  options: Pick<ApplyOptions, 'diff' | 'formatting'>,
  outcomes: Map<string, FileOutcome>,
  texts?: PlannedTexts,
  deferred?: PendingWrite[],
): Promise<void> {
  for (const [absPath, planned] of [...(files ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = path.relative(discovery.root, absPath).split(path.sep).join('/');
    let after = planned;
    try {
      if ((edits.get(absPath)?.length ?? 0) > 0)
        throw new Error('planned both as edits and as a whole file; left unchanged');
      const bytes = fs.existsSync(absPath) ? fs.readFileSync(absPath) : null;
      const before = bytes === null ? null : bytes.toString('utf8');
      if (before === after) continue;
      const outside = outsideRoot(discovery.root, absPath);
      if (outside !== undefined || (bytes !== null && !isUtf8(bytes))) {
        outcomes.set(absPath, {
          status: 'skipped',
          file,
          problem:
            outside !== undefined
              ? { kind: 'outside-target', message: outsideTargetMessage(file, outside) }
              : {
                  kind: 'not-utf8',
                  message: `${file}: not valid UTF-8; not written, so that its bytes are never re-encoded`,
                },
        });
        continue;
      }
      // Formatted as a changed file is: a file it creates (the runtime module) counts as prettier-clean before.
      if (options.formatting) after = await options.formatting.format(absPath, before ?? '', after);
      if (before === after) continue;
      if (/\.[cm]?[jt]sx?$/.test(absPath)) {
        const parseError = firstParseError(await loadTypeScript(), absPath, after);
        if (parseError) throw new Error(`the generated file does not parse (${parseError}); not written`);
      }
      if (write && deferred) deferred.push({ absPath, file, before, after, whole: true });
      else if (write) {
        const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
        if (before === null) {
          // A runtime folder given with --runtime-dir may not exist yet.
          fs.mkdirSync(path.dirname(absPath), { recursive: true });
          createFileAtomic(absPath, after);
        } else writeFileAtomic(absPath, after);
      }
      texts?.set(absPath, { before: before ?? '', after });
      outcomes.set(absPath, {
        status: 'changed',
        file,
        created: before === null,
        ...(options.diff ? { diff: await diffOf(file, before, after) } : {}),
      });
    } catch (error) {
      const message = `${file}: ${error instanceof Error ? error.message : String(error)}`;
      outcomes.set(absPath, {
        status: 'error',
        file,
        problem: { kind: write ? 'write-error' : 'rewrite-error', message },
      });
    }
  }
}

/**
 * Apply each file's edits to its text, check that the result still parses, and (when writing) replace the
 * file atomically, or with `deferred` add the write to it. A file that fails any step is left exactly as it was and
 * reported; the others go on.
 */
export async function applyPlan(
  discovery: DiscoveryResult,
  edits: Map<string, TextEdit[]>,
  write: boolean,
  options: ApplyOptions,
  texts?: PlannedTexts,
  stepTexts: Map<string, string> = new Map(),
  deferred?: PendingWrite[],
): Promise<Map<string, FileOutcome>> {
  const outcomes = new Map<string, FileOutcome>();
  const touched = (absPath: string) => (edits.get(absPath)?.length ?? 0) > 0 || stepTexts.has(absPath);
  const total = discovery.files.filter((entry) => touched(entry.absPath)).length;
  let done = 0;
  for (const entry of discovery.files) {
    if (!touched(entry.absPath)) continue;
    const fileEdits = edits.get(entry.absPath) ?? [];
    options.onProgress?.(++done, total, 'rewrite');
    try {
      // Edits are offsets into the text the transform analysed: the v1 step's output when it changed the file. Both
      // are without the byte order mark (see SourceFileEntry.text); it is put back below, for the diff and the write.
      // Read once: a text discovery let go is read again from disk on each use (lib/textScan.ts).
      const text = entry.text;
      let after = applyEdits(stepTexts.get(entry.absPath) ?? text, fileEdits);
      if (after === text) continue;
      if (entry.outsideTarget !== undefined) {
        // Planned and reported alike in the audit and the migration; never written.
        outcomes.set(entry.absPath, {
          status: 'skipped',
          problem: { kind: 'outside-target', message: outsideTargetMessage(entry.file, entry.outsideTarget) },
        });
        continue;
      }
      const parseError = firstParseError(await loadTypeScript(), entry.absPath, after);
      if (parseError) throw new Error(`the rewritten file does not parse (${parseError}); left unchanged`);
      if (options.formatting) after = await options.formatting.format(entry.absPath, text, after);
      const before = diskTextOf(entry, text);
      after = diskTextOf(entry, after);
      if (write && deferred) deferred.push({ absPath: entry.absPath, file: entry.file, before, after, whole: false });
      else if (write) (await import('./writeFileAtomic.js')).writeFileAtomic(entry.absPath, after);
      texts?.set(entry.absPath, { before, after });
      outcomes.set(entry.absPath, {
        status: 'changed',
        ...(options.diff ? { diff: await diffOf(entry.file, before, after) } : {}),
      });
    } catch (error) {
      const message = `${entry.file}: ${error instanceof Error ? error.message : String(error)}`;
      outcomes.set(entry.absPath, {
        status: 'error',
        problem: { kind: write ? 'write-error' : 'rewrite-error', message },
      });
    }
  }
  return outcomes;
}

function outsideTargetMessage(file: string, real: string): string {
  return `${file}: reached through a symbolic link, its real path ${real} is outside the target; not written, so that every change stays where git diff shows it`;
}

/** The diff of one file as git writes it (a new file when there was none before), jsdiff loaded on first use. */
async function diffOf(file: string, before: string | null, after: string): Promise<string> {
  const { newFileDiff, unifiedDiff } = await import('./diff.js');
  return before === null ? newFileDiff(file, after) : unifiedDiff(file, before, after);
}

/**
 * Answers of firstParseError by script kind, declaration file or not, and text: the same generated module (the
 * replay runtime beside each server) is checked once. Nothing else of the file name reaches the parser's answer.
 */
const parseChecks = new Map<string, string | undefined>();

/** Forget the parse checks' answers: they are kept for one run only (they hold whole texts; the library may run many times). */
export function resetParseChecks(): void {
  parseChecks.clear();
}

function firstParseError(ts: typeof import('ts-morph').ts, fileName: string, text: string): string | undefined {
  const key = `${scriptKindFor(ts, fileName)}\0${/\.d\.[cm]?ts$/.test(fileName)}\0${text}`;
  if (parseChecks.has(key)) return parseChecks.get(key);
  const answer = parseErrorOf(ts, fileName, text);
  // Only texts planned in this process are kept: a long-lived library user plans again with new texts.
  if (parseChecks.size > 64) parseChecks.clear();
  parseChecks.set(key, answer);
  return answer;
}

function parseErrorOf(ts: typeof import('ts-morph').ts, fileName: string, text: string): string | undefined {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKindFor(ts, fileName));
  const diagnostics = parseDiagnostics(sourceFile) ?? [];
  const first = diagnostics[0];
  if (!first) return undefined;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start);
  return `${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`;
}
