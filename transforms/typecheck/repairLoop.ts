// The type-directed repair loop: the new errors of the migrated program (errors the original had not), each handed
// to the classes of repairs/ (a compiler code and the node it points at); their edits are applied to the migrated
// texts and the program is checked again, a bounded number of rounds. A round that does not lower the number of
// new errors is undone and ends the loop: a repair never leaves more errors than it found. What is not repaired stays
// a finding, as before.
import path from 'node:path';
import { applyEdits, type TextEdit } from '../../lib/edits.js';
import type { ts as TypeScript } from '../../lib/tsMorph.cjs';
import { TYPED_REPAIRS, type TypedRepair } from './repairs/index.js';

const MAX_ROUNDS = 3;

/** One error as the loop reads it: where it is (absolute path, offset) and its code and message. */
export interface LocatedError {
  key: string;
  absPath?: string;
  start?: number;
  length?: number;
  code: number;
  message: string;
}

export interface RepairLoopResult<E extends LocatedError> {
  /** The migrated texts after the repairs (the given ones, and files the repairs changed besides). */
  texts: Map<string, string>;
  /** The program of those texts and its errors (of the checked files). */
  program: TypeScript.Program;
  after: E[];
  /** Each class's count of repaired errors. */
  repaired: Map<string, number>;
  /** Findings of other roles the repairs resolved: at a line (1-based) of the text the repair was made on. */
  resolved: Array<{ transform: string; reason: string; absPath: string; line: number; text: string }>;
}

/**
 * Repair the new errors of `after` against `before`. `compile` builds the program of a set of migrated texts (laid
 * over the disk's), `errorsOf` lists its errors of the checked files. `repairable` says whether a file may be edited:
 * the user's files (the ones the run changes, and the others of the project), not created modules or node_modules.
 */
export function repairLoop<E extends LocatedError>(
  ts: typeof TypeScript,
  texts: Map<string, string>,
  program: TypeScript.Program,
  before: readonly E[],
  after: E[],
  compile: (texts: Map<string, string>, old: TypeScript.Program) => TypeScript.Program,
  errorsOf: (program: TypeScript.Program) => E[],
  repairable: (absPath: string) => boolean,
  classes: readonly TypedRepair[] = TYPED_REPAIRS,
): RepairLoopResult<E> {
  const repaired = new Map<string, number>();
  const resolved: RepairLoopResult<E>['resolved'] = [];
  let current = { texts, program, after };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const introduced = introducedErrors(before, current.after);
    const found = editsOf(ts, current.program, introduced, repairable, classes);
    if (found.edits.size === 0) break;
    const attempt = (editsByFile: Map<string, TextEdit[]>) => {
      const nextTexts = new Map(current.texts);
      for (const [absPath, edits] of editsByFile) {
        const file = current.program.getSourceFile(absPath);
        nextTexts.set(path.resolve(absPath), applyEdits(file!.text, edits));
      }
      const nextProgram = compile(nextTexts, current.program);
      return { nextTexts, nextProgram, nextAfter: errorsOf(nextProgram) };
    };
    let next = attempt(found.edits);
    // Undone unless it lowers the number of new errors; once more with the repairs' fallbacks, when they have one.
    if (introducedErrors(before, next.nextAfter).length >= introduced.length) {
      if (!found.fallbacks) break;
      next = attempt(found.fallbacks);
      if (introducedErrors(before, next.nextAfter).length >= introduced.length) break;
    }
    const { nextTexts, nextProgram, nextAfter } = next;
    for (const [id, count] of found.counts) repaired.set(id, (repaired.get(id) ?? 0) + count);
    for (const r of found.resolved) {
      const file = current.program.getSourceFile(r.absPath)!;
      const line = file.getLineAndCharacterOfPosition(r.offset).line + 1;
      resolved.push({
        transform: r.transform,
        reason: r.reason,
        absPath: path.resolve(r.absPath),
        line,
        text: file.text,
      });
    }
    current = { texts: nextTexts, program: nextProgram, after: nextAfter };
  }
  return { ...current, repaired, resolved };
}

/** The errors `after` has that `before` had not (as many times as they occur). */
export function introducedErrors<E extends { key: string }>(before: readonly E[], after: readonly E[]): E[] {
  const counts = new Map<string, number>();
  for (const error of before) counts.set(error.key, (counts.get(error.key) ?? 0) + 1);
  const introduced: E[] = [];
  for (const error of after) {
    const left = counts.get(error.key) ?? 0;
    if (left > 0) counts.set(error.key, left - 1);
    else introduced.push(error);
  }
  return introduced;
}

/** Each repairable file's edits for this round (one repair per error, none overlapping), and the count per class. */
function editsOf(
  ts: typeof TypeScript,
  program: TypeScript.Program,
  errors: readonly LocatedError[],
  repairable: (absPath: string) => boolean,
  classes: readonly TypedRepair[],
): {
  edits: Map<string, TextEdit[]>;
  /** The same edits with each repair's fallback in place of its edits; undefined when no repair has one. */
  fallbacks?: Map<string, TextEdit[]>;
  counts: Map<string, number>;
  resolved: Array<{ transform: string; reason: string; absPath: string; offset: number }>;
} {
  const edits = new Map<string, TextEdit[]>();
  const fallbacks = new Map<string, TextEdit[]>();
  let anyFallback = false;
  const counts = new Map<string, number>();
  const resolved: Array<{ transform: string; reason: string; absPath: string; offset: number }> = [];
  const checker = program.getTypeChecker();
  for (const error of errors) {
    if (error.absPath === undefined || error.start === undefined) continue;
    const absPath = path.resolve(error.absPath);
    if (!repairable(absPath)) continue;
    const file = program.getSourceFile(error.absPath);
    if (!file || file.isDeclarationFile) continue;
    const node = nodeStartingAt(ts, file, error.start);
    if (!node) continue;
    for (const repair of classes) {
      if (!repair.codes.includes(error.code)) continue;
      const end = error.length !== undefined ? error.start + error.length : undefined;
      const found = repair.repair({
        ts,
        checker,
        file,
        code: error.code,
        message: error.message,
        node,
        ...(end !== undefined ? { end } : {}),
      });
      if (!found || found.edits.length === 0) continue;
      const taken = edits.get(error.absPath) ?? [];
      const takenFallback = fallbacks.get(error.absPath) ?? [];
      const fresh = freshEdits(found.edits, taken);
      const freshFallback = freshEdits(found.fallback ?? found.edits, takenFallback);
      if (overlaps(fresh, taken) || overlaps(freshFallback, takenFallback)) break;
      edits.set(error.absPath, [...taken, ...fresh]);
      fallbacks.set(error.absPath, [...takenFallback, ...freshFallback]);
      if (found.fallback) anyFallback = true;
      counts.set(repair.id, (counts.get(repair.id) ?? 0) + 1);
      for (const r of found.resolves ?? []) resolved.push({ ...r, absPath: error.absPath });
      break;
    }
  }
  return { edits, ...(anyFallback ? { fallbacks } : {}), counts, resolved };
}

/** The edits not made already by another error's repair (the same import added for two handlers is made once). */
function freshEdits(found: TextEdit[], taken: TextEdit[]): TextEdit[] {
  return found.filter((a) => !taken.some((b) => a.start === b.start && a.end === b.end && a.text === b.text));
}

function overlaps(found: TextEdit[], taken: TextEdit[]): boolean {
  return found.some((a) => taken.some((b) => a.start < b.end && b.start < a.end));
}

/** The innermost node whose text (without leading trivia) starts at `start`. */
function nodeStartingAt(
  ts: typeof TypeScript,
  file: TypeScript.SourceFile,
  start: number,
): TypeScript.Node | undefined {
  let found: TypeScript.Node | undefined;
  const visit = (node: TypeScript.Node): void => {
    if (node.getStart(file) === start) found = node;
    ts.forEachChild(node, (child) => {
      if (child.getStart(file) <= start && start < child.getEnd()) visit(child);
    });
  };
  visit(file);
  return found === file ? undefined : found;
}
