// The v1 step's output from the official codemod's run, made of one part or of two (the run split over two worker
// threads, see splitCodemod.ts): serving, and the merge of what the parts found. Nothing here loads the official
// codemod, so the main thread can merge the parts of a split run.
import path from 'node:path';
import type { SourceFileEntry } from '../../lib/files.js';
import type { Finding } from '../../lib/model.js';
import { codemodInputs, servingCallers, v1StepInputs } from './ids.js';
import { findInitializeRegistrations } from './initializeRegistrations.js';
import { rewriteServing } from './rewriteServing.js';
import type { ServingModules } from './rewriteStdioServing.js';

export interface V1ToV2Result {
  /** The official codemod's output for each file it changed (markers included), keyed by absolute path. */
  texts: Map<string, string>;
  /** Its diagnostics other than markers (those are found in the texts, see findCodemodMarkers), as findings. */
  findings: Finding[];
  /** Manifest warnings it raised (e.g. a zod range below v2's floor), for the package.json step to report. */
  manifestWarnings: string[];
}

/** One file of a part: the official codemod's output (its own text for a file the codemod does not read), repaired. */
export interface PartFile {
  file: string;
  /** The codemod's output with the descriptions put back: what the serving rewrites look up in other files. */
  migrated: string;
  /** After the repairs (repairOutput.ts), which read the file alone. */
  repaired: string;
  findings: Finding[];
}

/** What one run of the official codemod gives over its share of the step's files (runCodemodPart). */
export interface CodemodPart {
  files: PartFile[];
  /** Its diagnostics other than markers, as findings, in its own order. */
  diagnostics: Finding[];
  manifestWarnings: string[];
}

/**
 * The step's result from the parts of the official codemod's run, the same whether one part holds every file or two
 * parts share them: the files in the step's order (the files the codemod reads, then the others), each served with
 * every file's output in view; the codemod's diagnostics grouped by file in that order (one run lists them in the
 * order its glob found the files, which no other part can know; finishV1ToV2 sorts findings by file and line, and
 * keeps the order within a line); each manifest warning once (the codemod edits one manifest, the copied root
 * package.json, and warns about it when any of its files needs a v2 package: either part sees that).
 */
export function finishCodemod(files: SourceFileEntry[], parts: CodemodPart[]): V1ToV2Result {
  const inputs = v1StepInputs(files);
  const codemodFiles = codemodInputs(inputs);
  const result: V1ToV2Result = { texts: new Map(), findings: [], manifestWarnings: [] };
  if (codemodFiles.length === 0) return result;
  const order = [...codemodFiles, ...inputs.filter((entry) => !codemodFiles.includes(entry))];
  const byFile = new Map(parts.flatMap((part) => part.files.map((output) => [output.file, output] as const)));
  const outputs = order.map((entry) => ({ entry, output: byFile.get(entry.file)! }));
  // The serving rewrite also reads the files that may call an entry's exported function (ids.ts servingCallers).
  const modules = servingModules([
    ...outputs.map(({ entry, output }): [string, string] => [entry.file, output.migrated]),
    ...servingCallers(files, inputs).map((entry): [string, string] => [entry.file, entry.text]),
  ]);
  for (const { entry, output } of outputs) {
    result.findings.push(...output.findings);
    // Serving 2026-era clients, on the repaired text.
    const served = rewriteServing(entry.file, output.repaired, modules);
    result.findings.push(...served.findings, ...findInitializeRegistrations(entry.file, served.text));
    if (served.text !== entry.text) result.texts.set(entry.absPath, served.text);
  }
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

/** The step's files by relative path, and how a relative import of one of them finds another (TypeScript's rules, in short). */
function servingModules(files: Array<[string, string]>): ServingModules {
  const texts = new Map(files);
  const lookup = (fromFile: string, specifier: string) => {
    const base = path.posix.join(path.posix.dirname(fromFile), specifier);
    const stem = base.replace(/\.[mc]?js$/, '');
    const candidates = [base, ...['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'].map((ext) => stem + ext)];
    candidates.push(`${base}/index.ts`, `${base}/index.js`);
    const file = candidates.find((c) => texts.has(c));
    return file === undefined ? undefined : { file, text: texts.get(file)! };
  };
  return { lookup, texts };
}
