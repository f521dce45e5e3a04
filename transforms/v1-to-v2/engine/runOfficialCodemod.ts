import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '@modelcontextprotocol/codemod';
import type { SourceFileEntry } from '../../../lib/files.js';
import type { Finding } from '../../../lib/model.js';
import { finishCodemod, type CodemodPart, type V1ToV2Result } from './finishCodemod.js';
import { codemodInputs, V1_TO_V2_ID, v1StepInputs } from '../ids.js';
import { inOwnLineEnds, inOwnQuotes } from '../../kit/importQuotes.js';
import { v1ToV2Finding } from '../reasons.js';
import { protectDescriptions, type ProtectedText } from './protectDescriptions.js';
import { repairOutput, repairProjects } from '../repairs/repairOutput.js';
import { COPY_PREFIX } from './staleCopies.js';
import { planFailureMessage, RunError, throwIfTestHook } from '../../../lib/planFailure.js';

export type { CodemodPart, V1ToV2Result } from './finishCodemod.js';
export { mentionsV1Sdk, V1_TO_V2_ID } from '../ids.js';

// Its CommonJS build (the same bundle as its ES one): importing the ES build makes Node scan ts-morph, which it
// imports, with the CommonJS export lexer, a few hundred milliseconds of the v1 step's start (see lib/tsMorph.cts).
const require = createRequire(import.meta.url);
const { getMigration, run: runCodemod } =
  require('@modelcontextprotocol/codemod') as typeof import('@modelcontextprotocol/codemod');
// The glob package the official codemod matches its ignore patterns with, as it resolves it.
const { escapePath } = createRequire(require.resolve('@modelcontextprotocol/codemod'))('fast-glob') as {
  escapePath(path: string): string;
};

/**
 * Run the official `@modelcontextprotocol/codemod` v1-to-v2 migration on the v1 files of a target, through its
 * programmatic API, without touching the target: one run over every file (runCodemodPart), then serving
 * (finishCodemod). The runner may split the run over two worker threads instead (step.ts): same result.
 */
export function runOfficialCodemod(root: string, files: SourceFileEntry[]): V1ToV2Result {
  return finishCodemod(files, [runCodemodPart(root, files)], root);
}

/**
 * The official codemod's run over the step's files that `own` names (relative paths; all when absent), each output
 * repaired (repairOutput.ts, which reads the file alone); the files it does not read get the repairs alone.
 *
 * Its `run` only works on a directory and writes in place (its dry run inserts no `@mcp-codemod-error` markers),
 * so it runs on a temp copy of the files that name the v1 package, at their relative paths, next to a copy of
 * the target's package.json (it reads it to tell a server project from a client one). The texts are read back
 * and the copy removed; the target is never written here: the runner applies the combined plan.
 *
 * The copy always holds every v1 file, and the files of other parts are left out through the codemod's `ignore`:
 * without a client or server package in package.json it infers the project type by reading the files of its folder
 * (ignore not applied, under a file budget), and that type decides each file's imports, so every part must see the
 * folder one run would see. Its transforms read one file at a time.
 */
export function runCodemodPart(root: string, files: SourceFileEntry[], own?: ReadonlySet<string>): CodemodPart {
  const inputs = v1StepInputs(files);
  const v1Files = codemodInputs(inputs);
  const mine = (entry: SourceFileEntry) => own === undefined || own.has(entry.file);
  const part: CodemodPart = { files: [], diagnostics: [], manifestWarnings: [] };
  // Without a file for the codemod, the step has nothing to do (a zod-only file alone is left as it is).
  if (v1Files.length === 0) return part;
  // Each file's own package.json (its package's, in a monorepo) says what its repairs may rely on.
  const projectOf = repairProjects(root);
  const repair = (entry: SourceFileEntry, migrated: string) => {
    try {
      throwIfTestHook('v1-step', entry.file);
      // Its import lines in the file's own quote and line ends, then its breakages repaired.
      const restyled = inOwnLineEnds(entry.text, inOwnQuotes(entry.file, entry.text, migrated));
      const repaired = repairOutput(entry.file, entry.text, restyled, projectOf(entry.absPath), entry.absPath);
      part.files.push({ file: entry.file, migrated, repaired: repaired.text, findings: repaired.findings });
    } catch (error) {
      if (error instanceof RunError) throw error;
      // That file's error: the others are repaired and served as usual.
      (part.failed ??= []).push({
        file: entry.file,
        message: planFailureMessage(entry.file, 'the v1-to-v2 step', error),
      });
    }
  };
  if (v1Files.some(mine)) {
    try {
      runInCopy(root, v1Files, mine, part, repair);
    } catch (error) {
      if (error instanceof RunError) throw error;
      // The official codemod's run over the copy threw: each of its files this part has no output for failed with it.
      const done = new Set([...part.files, ...(part.failed ?? [])].map((f) => f.file));
      for (const entry of v1Files)
        if (mine(entry) && !done.has(entry.file))
          (part.failed ??= []).push({
            file: entry.file,
            message: planFailureMessage(entry.file, 'the official v1-to-v2 codemod', error),
          });
    }
  }
  // The files the official codemod does not read get the repairs alone (their text stands for its output).
  for (const entry of inputs) if (!v1Files.includes(entry) && mine(entry)) repair(entry, entry.text);
  return part;
}

function runInCopy(
  root: string,
  v1Files: SourceFileEntry[],
  mine: (entry: SourceFileEntry) => boolean,
  part: CodemodPart,
  repair: (entry: SourceFileEntry, migrated: string) => void,
): void {
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
      fs.writeFileSync(copy, guarded.text);
      if (!mine(entry)) continue;
      protections.set(entry, guarded);
      copies.set(fs.realpathSync(copy), entry);
    }
    // Test hook (never set it in real use): kill the process while the copy exists, as an interrupt would.
    if (process.env.MCP_MRTR_TEST_EXIT_IN_V1_STEP === '1') process.kill(process.pid, 'SIGKILL');
    // Its ignore patterns are globs under its folder: the other parts' files, their glob characters escaped.
    const ignore = v1Files.filter((entry) => !mine(entry)).map((entry) => escapePath(entry.file));
    const outcome = runCodemod(migration, { targetDir: fs.realpathSync(tmp), ...(ignore.length > 0 && { ignore }) });
    for (const [copy, entry] of copies) repair(entry, protections.get(entry)!.restore(fs.readFileSync(copy, 'utf8')));
    for (const diagnostic of outcome.diagnostics) {
      // Markers are reported from the final texts (findCodemodMarkers), where their lines are right.
      if (diagnostic.insertComment) continue;
      const entry = copies.get(diagnostic.file) ?? copies.get(safeRealpath(diagnostic.file));
      part.diagnostics.push(findingOf(diagnostic, entry?.file ?? path.relative(tmp, diagnostic.file)));
    }
    for (const change of outcome.packageJsonChanges ?? []) part.manifestWarnings.push(...(change.warnings ?? []));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// The codemod's `info` diagnostics are notes; its warnings and errors (an error: one of its transforms failed on the
// file) are warnings to review, an error kept at its level.
function findingOf(diagnostic: Diagnostic, file: string): Finding {
  if (diagnostic.level !== 'error' && diagnostic.level !== 'warning')
    return v1ToV2Finding('codemod-info', file, diagnostic.line, diagnostic.message);
  return v1ToV2Finding(
    'codemod-warning',
    file,
    diagnostic.line,
    diagnostic.message,
    diagnostic.level === 'error' ? 'error' : undefined,
  );
}

function safeRealpath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}
