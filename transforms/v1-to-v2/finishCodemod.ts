// The v1 step's output from the official codemod's run, made of one part or of two (the run split over two worker
// threads, see splitCodemod.ts): serving, and the merge of what the parts found. Nothing here loads the official
// codemod, so the main thread can merge the parts of a split run.
import fs from 'node:fs';
import path from 'node:path';
import type { SourceFileEntry } from '../../lib/files.js';
import { inUserLines } from '../../lib/findings.js';
import type { Finding } from '../../lib/model.js';
import { planFailureMessage, RunError } from '../../lib/planFailure.js';
import { codemodInputs, servingCallers, v1StepInputs, v2StdioInputs } from './ids.js';
import { inOwnLineEnds, inOwnQuotes } from './importQuotes.js';
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
  // v2 code's stdio entries, served the same way (its HTTP wiring left alone); nothing else of the step touches them.
  const prerelease = root === undefined || v2Stdio.length === 0 ? undefined : prereleaseServerRange(root);
  for (const entry of v2Stdio) {
    let served: ReturnType<typeof rewriteServing>;
    try {
      served = rewriteServing(entry.file, entry.text, modules, { stdioOnly: true, prerelease });
    } catch (error) {
      if (error instanceof RunError) throw error;
      failed(entry, planFailureMessage(entry.file, 'the v1-to-v2 step', error));
      continue;
    }
    result.findings.push(...served.findings);
    if (served.text === entry.text) continue;
    // Its import lines in the file's own quotes and line ends, as the official codemod's are (runOfficialCodemod.ts).
    result.texts.set(entry.absPath, inOwnLineEnds(entry.text, inOwnQuotes(entry.file, entry.text, served.text)));
    (result.servingOnly ??= []).push(entry.absPath);
  }
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

/**
 * The `@modelcontextprotocol/server` range of the root package.json when it is a 2.0.0 prerelease (`2.0.0-alpha.2`):
 * the alphas have no `serveStdio` (it came with the betas, and 2.0.0), so a rewrite would not start.
 */
function prereleaseServerRange(root: string): string | undefined {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  for (const section of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const range = (manifest[section] as Record<string, unknown> | undefined)?.['@modelcontextprotocol/server'];
    if (typeof range === 'string' && /^[\^~=v\s]*2\.0\.0-(?:alpha|beta)\b/.test(range)) return range;
  }
  return undefined;
}
