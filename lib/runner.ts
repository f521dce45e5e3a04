import fs from 'node:fs';
import path from 'node:path';
// Types only: the TypeScript compiler and the analysis are loaded after discovery (see run), so that the v1
// step's worker thread, started first, gets its files as early as possible.
import type { ts } from 'ts-morph';
import { finishV1ToV2, scanForFinish, startV1ToV2, v1StepInputs, withStepTexts, type V1ToV2Step } from '../transforms/v1-to-v2/index.js';
import { compileCacheDir } from './compileCache.js';
import { applyEdits, type TextEdit } from './edits.js';
import { discoverFiles, type DiscoveryResult } from './files.js';
import { REPORT_SCHEMA_VERSION, type FileReport, type Finding, type Report, type Site, type Totals } from './model.js';
import type { AnalysisProject } from './project.js';
import { parseDiagnostics } from './tsMorphInternals.js';
import { TOOL_NAME, TOOL_VERSION } from './version.js';
// Not imported here: the diff writer (./diff.js: jsdiff, some twenty modules) and the atomic writes
// (./writeFileAtomic.js), loaded where a run needs them (see diffOf), after discovery; a dry run without a
// diff needs neither.

let typescript: typeof ts | undefined;

/** The TypeScript compiler (ts-morph's), loaded on first use. */
async function loadTypeScript(): Promise<typeof ts> {
  typescript ??= (await import('./tsMorph.cjs')).ts;
  return typescript;
}

export interface AuditOptions {
  /** Files or directories to analyse. */
  paths: string[];
  include?: string[];
  exclude?: string[];
  /** A tsconfig whose compiler options (jsx, module) are used for parsing; defaults to `<root>/tsconfig.json`. */
  tsconfig?: string;
  /** Attach each changed file's unified diff to its file entry (`FileReport.diff`). */
  diff?: boolean;
  /** Format each changed file with prettier and the project's own prettier configuration. */
  prettier?: boolean;
  /**
   * Run the official `@modelcontextprotocol/codemod` v1-to-v2 migration first on files that use the v1 SDK, then
   * the MRTR transform on its output (one plan, one diff per file, one report), and fit package.json to the
   * packages the migrated code imports. Off by default in the library; on by default in the CLI (`--no-v1-to-v2`).
   * When off, v1 sites are reported for review.
   */
  v1ToV2?: boolean;
  /**
   * How MRTR-capable sites are rewritten: `auto` (the default: explicit where it is provably equivalent, replay
   * otherwise), `explicit` (the write-once form and step functions only; asks in helpers are left for review) or
   * `replay` (every site that replay can take).
   */
  strategy?: 'auto' | 'explicit' | 'replay';
  /**
   * Where the replay strategy writes its runtime module (`mcp-mrtr-runtime.{ts,js,mjs,cjs}`), relative to the target
   * root (the folder report paths are relative to); every file that uses it imports it from there. Default: beside
   * the file that constructs the server.
   */
  runtimeDir?: string;
  /** Called as the run advances (`parse`: files parsed; `analyse`: 0 then 1; `rewrite`: files rewritten); for progress bars. */
  onProgress?: (done: number, total: number, phase: ProgressPhase) => void;
}

export type ProgressPhase = 'parse' | 'analyse' | 'rewrite';

/** Before and after text of each file the plan changes, keyed by absolute path. */
export type PlannedTexts = Map<string, { before: string; after: string }>;

/** A problem with the invocation itself (missing path, unreadable tsconfig): the CLI exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The dry run: discover, prefilter, parse, detect, classify, plan. Returns the report with every planned change; writes nothing. */
export async function audit(options: AuditOptions): Promise<Report> {
  return run(options, 'dry-run');
}

/** The migration: the same plan as `audit`, applied in place, each file atomically. */
export async function migrate(options: AuditOptions): Promise<Report> {
  return run(options, 'migrate');
}

/** The dry run plus the planned text of every file it would change (for entries that hand back file texts, like jscodeshift). */
export async function auditWithTexts(options: AuditOptions): Promise<{ report: Report; texts: PlannedTexts }> {
  const texts: PlannedTexts = new Map();
  const report = await run(options, 'dry-run', texts);
  return { report, texts };
}

async function run(options: AuditOptions, mode: Report['mode'], texts?: PlannedTexts): Promise<Report> {
  if (options.paths.length === 0) throw new UsageError('no path given: name the server repository or files to audit');
  // The parse checks' answers are kept for one run only (they hold whole texts; the library may run many times).
  parseChecks.clear();
  // The v1 step first: its worker thread loads the official codemod while the files are discovered here.
  const v1Step = options.v1ToV2 ? startV1ToV2({ compileCacheDir: compileCacheDir() }) : undefined;
  try {
    const discovery = await discoverFiles(options.paths, { include: options.include, exclude: options.exclude });
    if (discovery.missing.length > 0) {
      throw new UsageError(`path not found: ${discovery.missing.join(', ')}`);
    }
    if (discovery.files.length === 0 && discovery.problems.length === 0) {
      throw new UsageError(`no source files (${'.ts .tsx .mts .cts .js .jsx .mjs .cjs'}) found under ${options.paths.join(', ')}`);
    }
    // The step runs on its files while the compiler and the analysis load here.
    const planning = v1Step?.plan(discovery.root, discovery.files);
    const [ts, { auditFiles, mayHoldSite }, { AnalysisProject }] = await Promise.all([loadTypeScript(), import('../transforms/mrtr/index.js'), import('./project.js')]);
    const compilerOptions = readCompilerOptions(ts, discovery.root, options.tsconfig);
    const project = new AnalysisProject(discovery.root, discovery.files, compilerOptions);
    // The v1 step's output is what the MRTR transform analyses; diffs and writes still go from the disk text.
    // While the step runs, the files it does not read are indexed, and those that may hold a site parsed.
    const pending = new Set(planning ? v1StepInputs(discovery.files).map((f) => f.absPath) : []);
    // Files outside the SDK's reach (see sdkReach) cannot hold a site, nor name a declaration of a file that can:
    // they are not parsed to look for one, nor indexed for name searches, nor read by the prefilter.
    const mayHold = new Map<string, boolean>();
    if (planning) {
      const reach = project.sdkReach();
      project.limitSearchesTo(reach);
      for (const f of discovery.files) if (!pending.has(f.absPath) && (reach?.has(f.absPath) ?? true)) mayHold.set(f.absPath, mayHoldSite(f.text));
      project.prepare([...mayHold].filter(([, may]) => may).map(([absPath]) => absPath), pending);
    }
    // And what the step's finish reads of the texts it does not change (a scan of every text, see finishV1ToV2).
    const finishScans = planning ? new Map(discovery.files.filter((f) => !pending.has(f.absPath)).map((f) => [f.absPath, scanForFinish(f.text)])) : undefined;
    const step = await planning;
    const analysed = withStepTexts(discovery.files, step);
    project.replaceTexts(analysed.filter((f) => pending.has(f.absPath)));
    const reach = project.sdkReach();
    project.limitSearchesTo(reach);
    const candidates = analysed.filter((f) => (reach?.has(f.absPath) ?? true) && (mayHold.get(f.absPath) ?? mayHoldSite(f.text))).map((f) => f.absPath);
    const progress = options.onProgress;
    if (progress) {
      // Loading in the same order auditFiles does (it reuses loaded files) only makes the parse phase visible.
      for (const [index, absPath] of candidates.entries()) {
        project.load(absPath);
        progress(index + 1, candidates.length, 'parse');
      }
      progress(0, 1, 'analyse');
    }
    const plan = auditFiles(project, candidates, { ...(options.strategy ? { strategy: options.strategy } : {}), ...(options.runtimeDir !== undefined ? { runtimeDir: runtimeDirOf(discovery.root, options.runtimeDir) } : {}) });
    progress?.(1, 1, 'analyse');
    const planned: PlannedTexts = texts ?? new Map();
    const outcomes = await applyPlan(discovery, plan.edits, mode === 'migrate', options, planned, step);
    const finalTexts = new Map(discovery.files.map((entry) => [entry.absPath, planned.get(entry.absPath)?.after ?? entry.text]));
    const finish = finishV1ToV2(discovery.root, finalTexts, step, finishScans);
    const files = new Map([...(plan.files ?? []), ...finish.files]);
    await applyFiles(discovery, files, plan.edits, mode === 'migrate', options, outcomes, texts);
    return buildReport(discovery, project, plan.sites, finish.findings, outcomes, mode);
  } finally {
    v1Step?.close();
  }
}

/** The absolute runtime folder: inside the target root, so that the migration never writes outside what it was given. */
function runtimeDirOf(root: string, runtimeDir: string): string {
  const resolved = path.resolve(root, runtimeDir);
  const relative = path.relative(root, resolved);
  if (path.isAbsolute(runtimeDir) || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new UsageError(`--runtime-dir must be a folder inside the target root ${root}, given relative to it: ${runtimeDir}`);
  }
  return resolved;
}

interface FileOutcome {
  status: 'changed' | 'error';
  diff?: string;
  problem?: { kind: string; message: string };
  /** For whole-file writes outside the discovered sources: the path relative to the root, and whether it is new. */
  file?: string;
  created?: boolean;
}

/**
 * Whole files the plan creates or replaces (a generated module, package.json): each written atomically, a
 * new file never replacing one that appeared meanwhile; source files must still parse.
 */
export async function applyFiles(
  discovery: DiscoveryResult,
  files: Map<string, string> | undefined,
  edits: Map<string, TextEdit[]>,
  write: boolean,
  options: Pick<AuditOptions, 'diff'>,
  outcomes: Map<string, FileOutcome>,
  texts?: PlannedTexts,
): Promise<void> {
  for (const [absPath, after] of [...(files ?? [])].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = path.relative(discovery.root, absPath).split(path.sep).join('/');
    try {
      if ((edits.get(absPath)?.length ?? 0) > 0) throw new Error('planned both as edits and as a whole file; left unchanged');
      const before = fs.existsSync(absPath) ? fs.readFileSync(absPath, 'utf8') : null;
      if (before === after) continue;
      if (/\.[cm]?[jt]sx?$/.test(absPath)) {
        const parseError = firstParseError(await loadTypeScript(), absPath, after);
        if (parseError) throw new Error(`the generated file does not parse (${parseError}); not written`);
      }
      if (write) {
        const { createFileAtomic, writeFileAtomic } = await import('./writeFileAtomic.js');
        if (before === null) {
          // A runtime folder given with --runtime-dir may not exist yet.
          fs.mkdirSync(path.dirname(absPath), { recursive: true });
          createFileAtomic(absPath, after);
        }
        else writeFileAtomic(absPath, after);
      }
      texts?.set(absPath, { before: before ?? '', after });
      outcomes.set(absPath, { status: 'changed', file, created: before === null, ...(options.diff ? { diff: await diffOf(file, before, after) } : {}) });
    } catch (error) {
      const message = `${file}: ${error instanceof Error ? error.message : String(error)}`;
      outcomes.set(absPath, { status: 'error', file, problem: { kind: write ? 'write-error' : 'rewrite-error', message } });
    }
  }
}

/**
 * Apply each file's edits to its text, check that the result still parses, and (when writing) replace the
 * file atomically. A file that fails any step is left exactly as it was and reported; the others go on.
 */
async function applyPlan(
  discovery: DiscoveryResult,
  edits: Map<string, TextEdit[]>,
  write: boolean,
  options: Pick<AuditOptions, 'diff' | 'prettier' | 'onProgress'>,
  texts?: PlannedTexts,
  step?: V1ToV2Step,
): Promise<Map<string, FileOutcome>> {
  const outcomes = new Map<string, FileOutcome>();
  const touched = (absPath: string) => (edits.get(absPath)?.length ?? 0) > 0 || (step?.texts.has(absPath) ?? false);
  const total = discovery.files.filter((entry) => touched(entry.absPath)).length;
  let done = 0;
  for (const entry of discovery.files) {
    if (!touched(entry.absPath)) continue;
    const fileEdits = edits.get(entry.absPath) ?? [];
    options.onProgress?.(++done, total, 'rewrite');
    try {
      // Edits are offsets into the text the transform analysed: the v1 step's output when it changed the file.
      let after = applyEdits(step?.texts.get(entry.absPath) ?? entry.text, fileEdits);
      if (after === entry.text) continue;
      const parseError = firstParseError(await loadTypeScript(), entry.absPath, after);
      if (parseError) throw new Error(`the rewritten file does not parse (${parseError}); left unchanged`);
      if (options.prettier) after = await formatWithPrettier(entry.absPath, after);
      if (write) (await import('./writeFileAtomic.js')).writeFileAtomic(entry.absPath, after);
      texts?.set(entry.absPath, { before: entry.text, after });
      outcomes.set(entry.absPath, { status: 'changed', ...(options.diff ? { diff: await diffOf(entry.file, entry.text, after) } : {}) });
    } catch (error) {
      const message = `${entry.file}: ${error instanceof Error ? error.message : String(error)}`;
      outcomes.set(entry.absPath, { status: 'error', problem: { kind: write ? 'write-error' : 'rewrite-error', message } });
    }
  }
  return outcomes;
}

/** The diff of one file as git writes it (a new file when there was none before), jsdiff loaded on first use. */
async function diffOf(file: string, before: string | null, after: string): Promise<string> {
  const { newFileDiff, unifiedDiff } = await import('./diff.js');
  return before === null ? newFileDiff(file, after) : unifiedDiff(file, before, after);
}

/** Prettier with the configuration the project itself uses for that file (`.prettierrc`, package.json, ...). */
async function formatWithPrettier(file: string, text: string): Promise<string> {
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file, { editorconfig: true })) ?? {};
  return prettier.format(text, { ...config, filepath: file });
}

/**
 * Answers of firstParseError by script kind, declaration file or not, and text: the same generated module (the
 * replay runtime beside each server) is checked once. Nothing else of the file name reaches the parser's answer.
 */
const parseChecks = new Map<string, string | undefined>();

function firstParseError(ts: typeof import('ts-morph').ts, fileName: string, text: string): string | undefined {
  const key = `${scriptKindOf(ts, fileName)}\0${/\.d\.[cm]?ts$/.test(fileName)}\0${text}`;
  if (parseChecks.has(key)) return parseChecks.get(key);
  const answer = parseErrorOf(ts, fileName, text);
  // Only texts planned in this process are kept: a long-lived library user plans again with new texts.
  if (parseChecks.size > 64) parseChecks.clear();
  parseChecks.set(key, answer);
  return answer;
}

function parseErrorOf(ts: typeof import('ts-morph').ts, fileName: string, text: string): string | undefined {
  const sourceFile = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKindOf(ts, fileName));
  const diagnostics = parseDiagnostics(sourceFile) ?? [];
  const first = diagnostics[0];
  if (!first) return undefined;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start);
  return `${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`;
}

function scriptKindOf(ts: typeof import('ts-morph').ts, fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function readCompilerOptions(ts: typeof import('ts-morph').ts, root: string, tsconfig: string | undefined): ts.CompilerOptions {
  const configPath = tsconfig ? path.resolve(tsconfig) : path.join(root, 'tsconfig.json');
  if (!fs.existsSync(configPath)) {
    if (tsconfig) throw new UsageError(`--tsconfig: file not found: ${tsconfig}`);
    return {};
  }
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) {
    const message = ts.flattenDiagnosticMessageText(read.error.messageText, ' ');
    if (tsconfig) throw new UsageError(`--tsconfig: ${configPath}: ${message}`);
    return {};
  }
  // Only the compiler options matter: a host that lists no directory keeps `include` globs from walking the tree.
  const host: ts.ParseConfigHost = { ...ts.sys, readDirectory: () => [] };
  const parsed = ts.parseJsonConfigFileContent(read.config, host, path.dirname(configPath));
  return parsed.options;
}

function buildReport(
  discovery: DiscoveryResult,
  project: AnalysisProject,
  sites: Site[],
  findings: Finding[],
  outcomes: Map<string, FileOutcome>,
  mode: Report['mode'],
): Report {
  const sitesPerFile = new Map<string, number>();
  for (const site of sites) sitesPerFile.set(site.file, (sitesPerFile.get(site.file) ?? 0) + 1);
  const files: FileReport[] = [];
  for (const entry of discovery.files) {
    const parseProblem = project.parseProblems.get(entry.absPath);
    if (parseProblem) {
      files.push({
        file: entry.file,
        status: 'error',
        sites: 0,
        problem: { kind: 'parse-error', message: `${entry.file}:${parseProblem.line}:${parseProblem.column}: ${parseProblem.message}`, line: parseProblem.line, column: parseProblem.column },
      });
    } else {
      const outcome = outcomes.get(entry.absPath);
      files.push({
        file: entry.file,
        status: outcome?.status ?? 'unchanged',
        sites: sitesPerFile.get(entry.file) ?? 0,
        ...(outcome?.problem ? { problem: outcome.problem } : {}),
        ...(outcome?.diff ? { diff: outcome.diff } : {}),
      });
    }
  }
  // Whole files the plan wrote outside the discovered sources (created modules, package.json).
  const known = new Set(discovery.files.map((f) => f.absPath));
  for (const [absPath, outcome] of outcomes) {
    if (known.has(absPath) || !outcome.file) continue;
    files.push({
      file: outcome.file,
      status: outcome.status,
      sites: 0,
      ...(outcome.created ? { created: true } : {}),
      ...(outcome.problem ? { problem: outcome.problem } : {}),
      ...(outcome.diff ? { diff: outcome.diff } : {}),
    });
  }
  for (const problem of discovery.problems) {
    // An unreadable file may hold sites the audit could not see: that fails the run; the rest are skipped by design.
    const status = problem.kind === 'unreadable' || problem.kind === 'not-found' ? 'error' : 'skipped';
    files.push({ file: problem.file, status, sites: 0, problem: { kind: problem.kind, message: problem.message } });
  }
  files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  sites.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: TOOL_VERSION },
    mode,
    root: discovery.root,
    wrote: mode === 'migrate' && [...outcomes.values()].some((o) => o.status === 'changed'),
    sites,
    ...(findings.length > 0 ? { findings } : {}),
    files,
    totals: totalsOf(sites, files, project),
  };
}

function totalsOf(sites: Site[], files: FileReport[], project: AnalysisProject): Totals {
  const byFamily: Totals['byFamily'] = {};
  for (const site of sites) byFamily[site.family] = (byFamily[site.family] ?? 0) + 1;
  return {
    files: files.length,
    filesParsed: project.project.getSourceFiles().length,
    filesWithSites: new Set(sites.map((s) => s.file)).size,
    filesSkipped: files.filter((f) => f.status === 'skipped').length,
    filesWithErrors: files.filter((f) => f.status === 'error').length,
    filesChanged: files.filter((f) => f.status === 'changed').length,
    sites: sites.length,
    rewritten: sites.filter((s) => s.decision === 'rewritten').length,
    review: sites.filter((s) => s.decision === 'review').length,
    skipped: sites.filter((s) => s.decision === 'skipped').length,
    byKind: {
      elicitation: sites.filter((s) => s.kind === 'elicitation').length,
      sampling: sites.filter((s) => s.kind === 'sampling').length,
      roots: sites.filter((s) => s.kind === 'roots').length,
    },
    byFamily,
  };
}
