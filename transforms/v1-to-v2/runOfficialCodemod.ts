import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { SourceFileEntry } from '../../lib/files.js';
import type { Finding } from '../../lib/model.js';
import { mentionsV1Sdk, migratedAlready, servingCallers, V1_TO_V2_ID, v1StepInputs } from './ids.js';
import { inOwnLineEnds, inOwnQuotes } from './importQuotes.js';
import { findInitializeRegistrations } from './initializeRegistrations.js';
import { protectDescriptions, type ProtectedText } from './protectDescriptions.js';
import { repairOutput, repairProject } from './repairOutput.js';
import { rewriteServing } from './rewriteServing.js';
import type { ServingModules } from './rewriteStdioServing.js';
import { COPY_PREFIX } from './staleCopies.js';

export { mentionsV1Sdk, V1_TO_V2_ID } from './ids.js';

// Its CommonJS build (the same bundle as its ES one): importing the ES build makes Node scan ts-morph, which it
// imports, with the CommonJS export lexer, a few hundred milliseconds of the v1 step's start (see lib/tsMorph.cts).
const { getMigration, run: runCodemod } = createRequire(import.meta.url)(
  '@modelcontextprotocol/codemod',
) as typeof import('@modelcontextprotocol/codemod');

export interface V1ToV2Result {
  /** The official codemod's output for each file it changed (markers included), keyed by absolute path. */
  texts: Map<string, string>;
  /** Its diagnostics other than markers (those are found in the texts, see findCodemodMarkers), as findings. */
  findings: Finding[];
  /** Manifest warnings it raised (e.g. a zod range below v2's floor), for the package.json step to report. */
  manifestWarnings: string[];
}

/**
 * Run the official `@modelcontextprotocol/codemod` v1-to-v2 migration on the v1 files of a target, through its
 * programmatic API, without touching the target.
 *
 * Its `run` only works on a directory and writes in place (its dry run inserts no `@mcp-codemod-error` markers),
 * so it runs on a temp copy of the files that name the v1 package, at their relative paths, next to a copy of
 * the target's package.json (it reads it to tell a server project from a client one). The texts are read back
 * and the copy removed; the target is never written here: the runner applies the combined plan.
 */
export function runOfficialCodemod(root: string, files: SourceFileEntry[]): V1ToV2Result {
  const inputs = v1StepInputs(files);
  const v1Files = inputs.filter((entry) => mentionsV1Sdk(entry.text) && !migratedAlready(entry.text));
  const result: V1ToV2Result = { texts: new Map(), findings: [], manifestWarnings: [] };
  if (v1Files.length === 0) return result;
  const migration = getMigration(V1_TO_V2_ID);
  if (!migration) throw new Error(`@modelcontextprotocol/codemod has no ${V1_TO_V2_ID} migration`);
  // The process id in the name: a run killed before it removed its copy leaves it to the next run (staleCopies.ts,
  // which the caller runs).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `${COPY_PREFIX}${process.pid}-`));
  try {
    const manifest = path.join(root, 'package.json');
    if (fs.existsSync(manifest)) fs.copyFileSync(manifest, path.join(tmp, 'package.json'));
    const copies = new Map<string, SourceFileEntry>();
    const protections = new Map<SourceFileEntry, ProtectedText>();
    for (const entry of v1Files) {
      const copy = path.join(tmp, ...entry.file.split('/'));
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      const guarded = protectDescriptions(entry.file, entry.text);
      protections.set(entry, guarded);
      fs.writeFileSync(copy, guarded.text);
      copies.set(fs.realpathSync(copy), entry);
    }
    // Test hook (never set it in real use): kill the process while the copy exists, as an interrupt would.
    if (process.env.MCP_MRTR_TEST_EXIT_IN_V1_STEP === '1') process.kill(process.pid, 'SIGKILL');
    const outcome = runCodemod(migration, { targetDir: fs.realpathSync(tmp) });
    const project = repairProject(root);
    const outputs: Array<[SourceFileEntry, string]> = [...copies].map(([copy, entry]) => [
      entry,
      protections.get(entry)!.restore(fs.readFileSync(copy, 'utf8')),
    ]);
    // The files the official codemod does not read get the repairs alone (their text stands for its output).
    for (const entry of inputs) if (!v1Files.includes(entry)) outputs.push([entry, entry.text]);
    // The serving rewrite also reads the files that may call an entry's exported function (ids.ts servingCallers).
    const modules = servingModules([
      ...outputs.map(([entry, migrated]): [string, string] => [entry.file, migrated]),
      ...servingCallers(files, inputs).map((entry): [string, string] => [entry.file, entry.text]),
    ]);
    for (const [entry, migrated] of outputs) {
      // Its import lines in the file's own quote and line ends, its breakages repaired, then serving 2026-era clients.
      const repaired = repairOutput(
        entry.file,
        entry.text,
        inOwnLineEnds(entry.text, inOwnQuotes(entry.file, entry.text, migrated)),
        project,
      );
      result.findings.push(...repaired.findings);
      const served = rewriteServing(entry.file, repaired.text, modules);
      result.findings.push(...served.findings, ...findInitializeRegistrations(entry.file, served.text));
      if (served.text !== entry.text) result.texts.set(entry.absPath, served.text);
    }
    for (const diagnostic of outcome.diagnostics) {
      // Markers are reported from the final texts (findCodemodMarkers), where their lines are right.
      if (diagnostic.insertComment) continue;
      const entry = copies.get(diagnostic.file) ?? copies.get(safeRealpath(diagnostic.file));
      result.findings.push(findingOf(diagnostic, entry?.file ?? path.relative(tmp, diagnostic.file)));
    }
    for (const change of outcome.packageJsonChanges ?? []) result.manifestWarnings.push(...(change.warnings ?? []));
    return result;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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

function findingOf(diagnostic: Diagnostic, file: string): Finding {
  const level = diagnostic.level === 'error' ? 'error' : diagnostic.level === 'warning' ? 'warning' : 'info';
  return {
    transform: V1_TO_V2_ID,
    reason: level === 'info' ? 'codemod-info' : 'codemod-warning',
    decision: level === 'info' ? 'info' : 'review',
    level,
    file,
    line: diagnostic.line,
    message: diagnostic.message,
  };
}

function safeRealpath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}
