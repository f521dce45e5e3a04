// The pipeline: discover -> parse -> plan -> apply -> finish -> report. It knows transforms only through the
// contract (lib/transform.ts); the registry comes from the package entry (api/, bin/). The runner returns data and
// never prints.
import type { SourceFileEntry } from './files.js';
import { applyFiles, applyPlan, resetParseChecks, type FileOutcome, type PlannedTexts } from './apply.js';
import { buildReport } from './buildReport.js';
import { collectGarbage, LARGE_TREE_FILES } from './heap.js';
import type { TextEdit } from './edits.js';
import { discoverFiles, type DiscoveryResult } from './files.js';
import type { Check, Finding, Report } from './model.js';
import type { PendingWrite } from './journal.js';
import { releaseRuleOf } from './textScan.js';
import { reportPlanFailures, takePlanFailures } from './planFailure.js';
import type { AnalysisProject } from './project.js';
import { analysedText } from './edits.js';
import { loadTypeScript, startPreSteps, stepTextsOf, type StartedStep } from './startup.js';
import type { PlanOptions, Planner, PreStepOutput, Transform, TransformPlan } from './transform.js';
import { isConventionalTestPath, testFileRule } from './testFiles.js';
import { readCompilerOptions } from './tsconfig.js';
import { dropDependents, dropOrphanModules, unappliedSites } from './unapplied.js';
import { UsageError } from './usageError.js';
import { isRepositoryMetadata, outsideRoot } from './writePaths.js';
import { Formatting, type PrettierMode } from './format.js';
import path from 'node:path';

export { UsageError } from './usageError.js';
export type { PlannedTexts } from './apply.js';

export interface AuditOptions {
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
  /**
   * Type-check the migrated project with its own tsconfig and installed dependencies, before and after the run's
   * changes, and report each error the migration introduced (`typecheck/post-migration-type-error`). On by default
   * (`--no-typecheck` in the CLI); skipped, with the reason in `checks`, when the dependencies are not installed.
   */
  typecheck?: boolean;
}

export type ProgressPhase = 'parse' | 'analyse' | 'rewrite';

/**
 * One run over the given paths with the given transforms: `dry-run` plans and writes nothing, `migrate` applies the
 * plan in place, each file atomically. `texts`, when given, receives the planned text of every file it changes.
 */
export async function run(
  transforms: readonly Transform[],
  options: AuditOptions,
  mode: Report['mode'],
  texts?: PlannedTexts,
): Promise<Report> {
  if (options.paths.length === 0) throw new UsageError('no path given: name the server repository or files to audit');
  resetParseChecks();
  // The pre-steps first: a worker thread loads the official codemod while the files are discovered here.
  const steps = startPreSteps(transforms, options);
  try {
    const discovery = await recoverInterrupted(await discover(options, transforms), mode, options, transforms);
    if (discovery.files.length >= LARGE_TREE_FILES) collectGarbage();
    const parsed = await parse(transforms, steps, discovery, options);
    const plan = planAll(parsed, discovery, options);
    // A file some step or planner could not plan is that file's error: left as it was, the others applied as usual.
    const { failed, applied } = takePlanFailures(parsed.outputs.values(), plan, parsed.stepTexts);
    const write = mode === 'migrate';
    const planned: PlannedTexts = texts ?? new Map();
    // Every write waits until all are planned: then they are made in a recoverable order (see journal.ts).
    const pending: PendingWrite[] = [];
    const formatting = new Formatting(discovery.root, options.prettier);
    const applying = { ...options, formatting };
    const outcomes = await applyPlan(discovery, plan.edits, write, applying, planned, applied, pending);
    reportPlanFailures(failed, outcomes);
    dropDependents(discovery, outcomes, planned, pending);
    const finish = finishAll(transforms, parsed.outputs, discovery, planned);
    const files = new Map([...(plan.files ?? []), ...finish.files]);
    dropOrphanModules(files, finalTextsOf(discovery, planned).values(), discovery, outcomes);
    await applyFiles(discovery, files, plan.edits, write, applying, outcomes, texts, pending);
    const verified = await verifyAll(transforms, options, discovery, planned, files, outcomes, parsed.stepTexts);
    if (pending.length > 0)
      await (await import('./commitWrites.js')).commitWrites(discovery.root, pending, outcomes, planned);
    const sites = unappliedSites(plan.sites, outcomes, discovery, transforms);
    const findings = [...finish.findings, ...verified.findings];
    return buildReport(discovery, parsed.project, sites, findings, outcomes, mode, parsed.testFilesLeftOut, [
      ...verified.checks,
      ...[formatting.check()].filter((c) => c !== undefined),
    ]);
  } finally {
    for (const step of steps) step.run.close();
  }
}

/**
 * An interrupted migration of this root (its journal, see journal.ts): a migration finishes it first and goes on over
 * the finished tree (discovered again); an audit says it is there and reads the files as they are.
 */
async function recoverInterrupted(
  discovery: DiscoveryResult,
  mode: Report['mode'],
  options: AuditOptions,
  transforms: readonly Transform[],
): Promise<DiscoveryResult> {
  if (mode === 'migrate') {
    // An interrupted migration of this root is finished first; the run then goes on over the finished tree.
    const { finishInterrupted, JOURNAL_NAME } = await import('./journal.js');
    const finished = await finishInterrupted(discovery.root);
    if (finished) {
      options.onNotice?.(
        `finished an interrupted migration (its journal ${JOURNAL_NAME} is removed): ${finished.length} file(s) written${finished.length > 0 ? `: ${finished.join(', ')}` : ''}`,
      );
      discovery = await discover(options, transforms);
    }
  } else if (options.onNotice) {
    const { hasJournal, JOURNAL_NAME } = await import('./journal.js');
    if (hasJournal(discovery.root))
      options.onNotice(
        `an interrupted migration's journal is in ${path.join(discovery.root, JOURNAL_NAME)}: run the migration again to finish it; this audit reads the files as they are`,
      );
  }
  return discovery;
}

/**
 * The files to process, or a usage error when a path is missing or nothing could be a source file. Only the texts a
 * transform reads are held (see Transform.readsText); of the others discovery keeps what the analysis needs.
 */
async function discover(options: AuditOptions, transforms: readonly Transform[]): Promise<DiscoveryResult> {
  const release = releaseRuleOf(transforms);
  const discovery = await discoverFiles(options.paths, { include: options.include, exclude: options.exclude, release });
  if (discovery.missing.length > 0) {
    throw new UsageError(`path not found: ${discovery.missing.join(', ')}`);
  }
  if (discovery.files.length === 0 && discovery.problems.length === 0) {
    throw new UsageError(
      `no source files (${'.ts .tsx .mts .cts .js .jsx .mjs .cjs'}) found under ${options.paths.join(', ')}`,
    );
  }
  return discovery;
}

/** What parse hands to planning: the project with the pre-steps' output texts, and each planner with its candidates. */
interface Parsed {
  project: AnalysisProject;
  /** The pre-steps' outputs, by transform. */
  outputs: Map<Transform, PreStepOutput>;
  stepTexts: Map<string, string>;
  planners: Array<{ planner: Planner; candidates: string[] }>;
  isTestFile: (absPath: string) => boolean;
  /** Test files some planner would have looked at for work, left out (without --include-tests). */
  testFilesLeftOut: number;
}

/**
 * Run the pre-steps on their files while the compiler and the planners load here and the files they do not read are
 * indexed and parsed; then give the project the pre-steps' texts and pick each planner's candidates.
 */
async function parse(
  transforms: readonly Transform[],
  steps: StartedStep[],
  discovery: DiscoveryResult,
  options: AuditOptions,
): Promise<Parsed> {
  // The pre-steps read held texts only: the rule that let the others go keeps every text one reads (readsText).
  const held = discovery.files.filter((f) => f.scan === undefined);
  const planning = steps.map((step) => step.run.plan(discovery.root, held, discovery.files));
  // A run that fails before it awaits them (a usage error below) closes the steps: their rejection is nobody's to handle.
  for (const planned of planning) planned.catch(() => {});
  const planners = transforms.filter((t) => t.loadPlanner);
  const [ts, loaded, { AnalysisProject }] = await Promise.all([
    loadTypeScript(),
    Promise.all(planners.map((t) => t.loadPlanner!())),
    import('./project.js'),
  ]);
  const compilerOptions = readCompilerOptions(ts, discovery.root, options.tsconfig);
  const reachModules = transforms.flatMap((t) => t.reachModules ?? []);
  const project = new AnalysisProject(discovery.root, discovery.files, compilerOptions, reachModules);
  // The pre-steps' output is what the planners analyse; diffs and writes still go from the disk text.
  const pending = new Set(steps.flatMap((step) => step.run.inputs(held).map((f) => f.absPath)));
  // Files outside the SDK's reach (see sdkReach) cannot hold a site, nor name a declaration of a file that can:
  // they are not parsed to look for one, nor indexed for name searches, nor read by the prefilter.
  const isTestPath = (absPath: string) => isConventionalTestPath(path.relative(discovery.root, absPath));
  const mayHold = new Map<string, boolean[]>();
  if (steps.length > 0) {
    const reach = project.sdkReach();
    project.limitSearchesTo(reach);
    for (const f of held)
      if (!pending.has(f.absPath) && (reach?.has(f.absPath) ?? true))
        mayHold.set(
          f.absPath,
          planners.map((t) => t.mayHoldWork(f.text)),
        );
    // A test file is no candidate (below) unless asked for: parsed ahead only when it is one.
    project.prepare(
      [...mayHold]
        .filter(([absPath, may]) => may.some(Boolean) && (options.includeTests || !isTestPath(absPath)))
        .map(([absPath]) => absPath),
      pending,
    );
    const untouched = held.filter((f) => !pending.has(f.absPath));
    for (const step of steps) step.run.whileRunning?.(untouched);
  }
  const outputs = await Promise.all(planning);
  const stepTexts = stepTextsOf(outputs);
  const analysed = withTexts(discovery.files, stepTexts);
  project.replaceTexts(analysed.filter((f) => pending.has(f.absPath)));
  const reach = project.sdkReach();
  project.limitSearchesTo(reach);
  const inReach = analysed.filter((f) => reach?.has(f.absPath) ?? true);
  // Callers in test files never decide a verdict (conventional names and the tsconfig's own excludes); the asks left
  // out are those of conventionally named test files only: a tsconfig excludes examples and scripts too, which ship.
  const isTestFile = testFileRule(ts, discovery.root, options.tsconfig);
  const leftOut = new Set<string>();
  const candidatesOf = (t: Transform, index: number) =>
    inReach
      .filter((f) => mayHold.get(f.absPath)?.[index] ?? (f.scan === undefined && t.mayHoldWork(f.text)))
      .map((f) => f.absPath)
      .filter((absPath) => {
        if (options.includeTests || !isTestPath(absPath)) return true;
        leftOut.add(absPath);
        return false;
      });
  return {
    project,
    outputs: new Map(steps.map((step, index) => [step.transform, outputs[index]!])),
    stepTexts,
    planners: planners.map((t, index) => ({ planner: loaded[index]!, candidates: candidatesOf(t, index) })),
    isTestFile,
    testFilesLeftOut: leftOut.size,
  };
}

/** The discovered files as the planners must see them: each file a pre-step changed with its output text. */
function withTexts(files: SourceFileEntry[], stepTexts: Map<string, string>): SourceFileEntry[] {
  if (stepTexts.size === 0) return files;
  return files.map((entry) => {
    const text = stepTexts.get(entry.absPath);
    return text === undefined ? entry : { ...entry, text, bytes: Buffer.byteLength(text) };
  });
}

/** Every planner's plan over its candidates, merged (sites in planner order, edits per file). */
function planAll(parsed: Parsed, discovery: DiscoveryResult, options: AuditOptions): TransformPlan {
  const { project } = parsed;
  const progress = options.onProgress;
  if (progress) {
    // Loading in the same order the planners do (they reuse loaded files) only makes the parse phase visible.
    const candidates = [...new Set(parsed.planners.flatMap((p) => p.candidates))];
    // Candidates the planner screens are parsed a batch at a time (lib/screening.ts): loaded here, every tree is held.
    if (!project.screens(candidates.length))
      for (const [index, absPath] of candidates.entries()) {
        project.load(absPath);
        progress(index + 1, candidates.length, 'parse');
      }
    progress(0, 1, 'analyse');
  }
  const planOptions: PlanOptions = {
    ...(options.strategy ? { strategy: options.strategy } : {}),
    ...(options.runtimeDir !== undefined ? { runtimeDir: runtimeDirOf(discovery.root, options.runtimeDir) } : {}),
    isTestFile: parsed.isTestFile,
  };
  const plans = parsed.planners.map(({ planner, candidates }) => planner(project, candidates, planOptions));
  progress?.(1, 1, 'analyse');
  return plans.length === 1 ? plans[0]! : mergePlans(plans);
}

function mergePlans(plans: TransformPlan[]): TransformPlan {
  const edits = new Map<string, TextEdit[]>();
  const files = new Map<string, string>();
  const failed = new Map<string, string>();
  for (const plan of plans) {
    for (const [absPath, list] of plan.edits) edits.set(absPath, [...(edits.get(absPath) ?? []), ...list]);
    for (const [absPath, text] of plan.files ?? []) files.set(absPath, text);
    for (const [absPath, message] of plan.failed ?? []) if (!failed.has(absPath)) failed.set(absPath, message);
  }
  return {
    sites: plans.flatMap((p) => p.sites),
    edits,
    ...(files.size > 0 ? { files } : {}),
    ...(failed.size > 0 ? { failed } : {}),
  };
}

/**
 * Each transform's verify over the run's result (the changed and created files, before and after), unless
 * `typecheck: false`: findings, and one summary line each. Nothing is written yet, so the texts on disk are the
 * originals in both modes.
 */
async function verifyAll(
  transforms: readonly Transform[],
  options: AuditOptions,
  discovery: DiscoveryResult,
  planned: PlannedTexts,
  files: Map<string, string>,
  outcomes: Map<string, FileOutcome>,
  stepTexts: Map<string, string>,
): Promise<{ findings: Finding[]; checks: Check[] }> {
  const verifiers = options.typecheck === false ? [] : transforms.filter((t) => t.verify);
  if (verifiers.length === 0) return { findings: [], checks: [] };
  const before = new Map<string, string>();
  const after = new Map<string, string>();
  for (const [absPath, outcome] of outcomes) {
    if (outcome.status !== 'changed') continue;
    const text = planned.get(absPath);
    if (text) {
      before.set(absPath, text.before);
      after.set(absPath, text.after);
    } else if (files.has(absPath)) after.set(absPath, files.get(absPath)!);
  }
  const findings: Finding[] = [];
  const checks: Check[] = [];
  for (const transform of verifiers) {
    const result = await transform.verify!({
      root: discovery.root,
      ...(options.tsconfig !== undefined ? { tsconfig: options.tsconfig } : {}),
      before,
      after,
      stepTexts,
    });
    findings.push(...result.findings);
    if (result.check) checks.push(result.check);
  }
  return { findings, checks };
}

/** Each transform's finish over the final texts (planned, else on disk): whole files to write, and findings. */
function finishAll(
  transforms: readonly Transform[],
  outputs: Map<Transform, PreStepOutput>,
  discovery: DiscoveryResult,
  planned: PlannedTexts,
): { files: Map<string, string>; findings: Finding[] } {
  const finalTexts = finalTextsOf(discovery, planned);
  // The user's texts of the files the run changes: the finishes' findings point into them.
  const userTexts = new Map<string, string>();
  for (const entry of discovery.files) if (planned.has(entry.absPath)) userTexts.set(entry.absPath, entry.text);
  const files = new Map<string, string>();
  const findings: Finding[] = [];
  for (const transform of transforms) {
    if (!transform.finish) continue;
    const finish = transform.finish(discovery.root, finalTexts, outputs.get(transform), userTexts);
    for (const [absPath, text] of finish.files) files.set(absPath, text);
    findings.push(...finish.findings);
  }
  return { files, findings };
}

/**
 * Each discovered file's text after the run, by absolute path: planned (as the file will hold it), else as it is.
 * Read as the analysis reads texts, without a byte order mark (see SourceFileEntry.text). A file whose text
 * discovery let go and the run leaves alone is not there: no transform reads its text (Transform.readsText).
 */
function finalTextsOf(discovery: DiscoveryResult, planned: PlannedTexts): Map<string, string> {
  const texts = new Map<string, string>();
  for (const entry of discovery.files) {
    const after = planned.get(entry.absPath)?.after;
    if (after !== undefined) texts.set(entry.absPath, analysedText(after.slice(entry.bom?.length ?? 0)).text);
    else if (entry.scan === undefined) texts.set(entry.absPath, entry.text);
  }
  return texts;
}

/** The absolute runtime folder: inside the target root, so that the migration never writes outside what it was given. */
function runtimeDirOf(root: string, runtimeDir: string): string {
  const resolved = path.resolve(root, runtimeDir);
  const relative = path.relative(root, resolved);
  if (path.isAbsolute(runtimeDir) || relative.startsWith('..') || path.isAbsolute(relative)) {
    throw new UsageError(
      `--runtime-dir must be a folder inside the target root ${root}, given relative to it: ${runtimeDir}`,
    );
  }
  if (isRepositoryMetadata(relative))
    throw new UsageError(`--runtime-dir must not be inside repository metadata (.git): ${runtimeDir}`);
  const real = outsideRoot(root, resolved);
  if (real !== undefined) {
    throw new UsageError(
      `--runtime-dir must be a folder inside the target root ${root}: ${runtimeDir} leads to ${real} through a symbolic link`,
    );
  }
  return resolved;
}
