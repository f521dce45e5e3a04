// The parse phase of a run: the pre-steps run on their files while the compiler and the planners load and the
// files they do not read are indexed and parsed; then the project gets the pre-steps' texts, and each planner its
// candidates (files in the SDK's reach whose text may hold its work).
import path from 'node:path';
import type { DiscoveryResult, SourceFileEntry } from './files.js';
import type { AnalysisProject } from './project.js';
import type { RunOptions } from './runOptions.js';
import { loadTypeScript, stepTextsOf, type StartedStep } from './startup.js';
import { isConventionalTestPath, testFileRule } from './testFiles.js';
import type { Planner, PreStepOutput, Transform } from './transform.js';
import { readCompilerOptions } from './tsconfig.js';

/** What parse hands to planning: the project with the pre-steps' output texts, and each planner with its candidates. */
export interface Parsed {
  project: AnalysisProject;
  /** The pre-steps' outputs, by transform. */
  outputs: Map<Transform, PreStepOutput>;
  stepTexts: Map<string, string>;
  planners: Array<{ transform: Transform; planner: Planner; candidates: string[] }>;
  isTestFile: (absPath: string) => boolean;
  /** Test files some planner would have looked at for work, left out (without --include-tests). */
  testFilesLeftOut: number;
}

/**
 * Run the pre-steps on their files while the compiler and the planners load here and the files they do not read are
 * indexed and parsed; then give the project the pre-steps' texts and pick each planner's candidates.
 */
export async function parseProject(
  transforms: readonly Transform[],
  steps: StartedStep[],
  discovery: DiscoveryResult,
  options: RunOptions,
): Promise<Parsed> {
  // The pre-steps read held texts only: the rule that let the others go keeps every text one reads (readsText).
  const held = discovery.files.filter((f) => f.scan === undefined);
  const planning = steps.map((step) => step.run.plan(discovery.root, held, discovery.files));
  // A run that fails before it awaits them (a usage error below) closes the steps: their rejection is nobody's to handle.
  for (const planned of planning) planned.catch(() => {});
  const planners = transforms.filter((t) => t.planner);
  const [ts, loaded, { AnalysisProject }] = await Promise.all([
    loadTypeScript(),
    Promise.all(planners.map((t) => t.planner!.load())),
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
          planners.map((t) => t.planner!.mayHoldWork(f.text)),
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
      .filter((f) => mayHold.get(f.absPath)?.[index] ?? (f.scan === undefined && t.planner!.mayHoldWork(f.text)))
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
    planners: planners.map((t, index) => ({
      transform: t,
      planner: loaded[index]!,
      candidates: candidatesOf(t, index),
    })),
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
