// The v1 step's output from the official codemod's run, made of one part or of two (the run split over two worker
// threads, see splitCodemod.ts): serving, and the merge of what the parts found. Nothing here loads the official
// codemod, so the main thread can merge the parts of a split run.
import type { SourceFileEntry } from '../../../lib/files.js';
import type { Finding } from '../../../lib/model.js';
import { planFailureMessage, RunError } from '../../../lib/planFailure.js';
import { initializeHolders, servingCallers, v2StdioInputs } from '../../serving/ids.js';
import { serveV2Entries, rewriteServing } from '../../serving/rewriteServing.js';
import { servingModules } from '../../serving/servingModules.js';
import { codemodInputs, v1StepInputs } from '../ids.js';
import { findInitializeRegistrations } from '../repairs/initializeRegistrations.js';
import { inUserLines } from '../../../lib/findings.js';

export interface V1ToV2Result {
  /** The official codemod's output for each file it changed (markers included), keyed by absolute path. */
  texts: Map<string, string>;
  /** Its diagnostics other than markers (those are found in the texts, see findCodemodMarkers), as findings. */
  findings: Finding[];
  /** Manifest warnings it raised (e.g. a zod range below v2's floor), for the package.json step to report. */
  manifestWarnings: string[];
  /** Files of v2 code whose stdio serving alone changed (absolute paths): no reason to plan package.json. */
  servingOnly?: string[];
  /** Files the step failed on (an exception while repairing or serving one), by absolute path: the report's message. */
  failed?: Map<string, string>;
}

/** One file of a part: the official codemod's output (its own text for a file the codemod does not read), repaired. */
export interface PartFile {
  file: string;
  /** The codemod's output with the descriptions put back: what the serving rewrites look up in other files. */
  migrated: string;
  /** After the repairs (repairOutput.ts), which read the file alone. */
  repaired: string;
  /** The repairs' findings, at lines of the user's text. */
  findings: Finding[];
}

/** What one run of the official codemod gives over its share of the step's files (runCodemodPart). */
export interface CodemodPart {
  files: PartFile[];
  /** Its diagnostics other than markers, as findings, in its own order. */
  diagnostics: Finding[];
  manifestWarnings: string[];
  /** Files whose repair threw (relative paths), with the report's message: no output for them. */
  failed?: Array<{ file: string; message: string }>;
}

/**
 * The step's result from the parts of the official codemod's run, the same whether one part holds every file or two
 * parts share them: the files in the step's order (the files the codemod reads, then the others), each served with
 * every file's output in view; the codemod's diagnostics grouped by file in that order (one run lists them in the
 * order its glob found the files, which no other part can know; finishV1ToV2 sorts findings by file and line, and
 * keeps the order within a line); each manifest warning once (the codemod edits one manifest, the copied root
 * package.json, and warns about it when any of its files needs a v2 package: either part sees that).
 */
export function finishCodemod(files: SourceFileEntry[], parts: CodemodPart[], root?: string): V1ToV2Result {
  const inputs = v1StepInputs(files);
  const codemodFiles = codemodInputs(inputs);
  const v2Stdio = v2StdioInputs(files, inputs);
  const result: V1ToV2Result = { texts: new Map(), findings: [], manifestWarnings: [] };
  if (codemodFiles.length === 0 && v2Stdio.length === 0) return result;
  const order = codemodFiles.length === 0 ? [] : [...codemodFiles, ...inputs.filter((e) => !codemodFiles.includes(e))];
  const byFile = new Map(parts.flatMap((part) => part.files.map((output) => [output.file, output] as const)));
  const partFailures = new Map(parts.flatMap((part) => (part.failed ?? []).map((f) => [f.file, f.message] as const)));
  const failed = (entry: SourceFileEntry, message: string) => (result.failed ??= new Map()).set(entry.absPath, message);
  for (const entry of order) if (partFailures.has(entry.file)) failed(entry, partFailures.get(entry.file)!);
  const outputs = order
    .filter((entry) => byFile.has(entry.file))
    .map((entry) => ({ entry, output: byFile.get(entry.file)! }));
  // The serving rewrite also reads the files that may call an entry's exported function (ids.ts servingCallers).
  const modules = servingModules([
    ...outputs.map(({ entry, output }): [string, string] => [entry.file, output.migrated]),
    ...v2Stdio.map((entry): [string, string] => [entry.file, entry.text]),
    ...servingCallers(files, [...inputs, ...v2Stdio]).map((entry): [string, string] => [entry.file, entry.text]),
    ...initializeHolders(files, [...inputs, ...v2Stdio]).map((entry): [string, string] => [entry.file, entry.text]),
  ]);
  for (const { entry, output } of outputs) {
    try {
      // Serving 2026-era clients, on the repaired text.
      const served = rewriteServing(entry.file, output.repaired, modules);
      const registrations = findInitializeRegistrations(entry.file, served.text);
      // Each at its line in the user's text (the repairs' are already): the serving's are made on the repaired text.
      result.findings.push(
        ...output.findings,
        ...inUserLines(served.findings, entry.text, output.repaired),
        ...inUserLines(registrations, entry.text, served.text),
      );
      if (served.text !== entry.text) result.texts.set(entry.absPath, served.text);
    } catch (error) {
      if (error instanceof RunError) throw error;
      failed(entry, planFailureMessage(entry.file, 'the v1-to-v2 step', error));
    }
  }
  // v2 code's stdio entries, served the same way (its HTTP wiring left alone) by the serving transform's own pass,
  // with the step's outputs in view; nothing else of the step touches them.
  const v2 = serveV2Entries(root, v2Stdio, modules, 'the v1-to-v2 step');
  result.findings.push(...v2.findings);
  for (const [absPath, text] of v2.texts) result.texts.set(absPath, text);
  if (v2.texts.size > 0) (result.servingOnly ??= []).push(...v2.texts.keys());
  for (const [absPath, message] of v2.failed ?? []) (result.failed ??= new Map()).set(absPath, message);
  if (parts.length === 0) return result;
  const rank = new Map(order.map((entry, index) => [entry.file, index]));
  const diagnostics = parts.flatMap((part) => part.diagnostics);
  // A stable sort: a file's own diagnostics keep the codemod's order; a file the step does not know goes last.
  diagnostics.sort((a, b) => (rank.get(a.file) ?? order.length) - (rank.get(b.file) ?? order.length));
  result.findings.push(...diagnostics);
  result.manifestWarnings.push(...parts[0]!.manifestWarnings);
  for (const part of parts.slice(1))
    for (const warning of part.manifestWarnings)
      if (!result.manifestWarnings.includes(warning)) result.manifestWarnings.push(warning);
  return result;
}
