import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SourceFileEntry } from '../../lib/files.js';
import { inUserLines } from '../../lib/findings.js';
import type { Finding } from '../../lib/model.js';
import { readIfExists } from '../../lib/readIfExists.js';
import type { PreStep, PreStepOutput } from '../../lib/transform.js';
import { findCodemodMarkers, mayHoldMarkers } from './engine/findCodemodMarkers.js';
import { callersToRead, v2StdioInputs } from '../serving/ids.js';
import { stepFiles, v1StepInputs } from './ids.js';
import { groupByManifest } from './package/manifests.js';
import { importedPackages, planPackageJson } from './package/planPackageJson.js';
import { splitCodemodFiles } from './engine/splitCodemod.js';
import { startStepThread, type StepThread } from './engine/stepThread.js';
import type { V1ToV2Options } from './options.js';

// Nothing here loads the official codemod or the TypeScript compiler: the runner loads this module before
// discovery, and the step itself runs in a worker thread (see startV1ToV2).

export interface V1ToV2Step {
  /** The official codemod's output per changed file (absolute path): what the MRTR transform analyses instead of the disk text. */
  texts: Map<string, string>;
  findings: Finding[];
  manifestWarnings: string[];
  /** Files of v2 code whose stdio serving alone changed (finishCodemod.ts). */
  servingOnly?: string[];
  /** Files the step failed on, by absolute path: the report's message (finishCodemod.ts). */
  failed?: Map<string, string>;
}

/**
 * The first step of a run over a v1 project: the official v1-to-v2 codemod over the files that name
 * `@modelcontextprotocol/sdk`, in memory as far as the target is concerned (nothing is written here).
 * In this thread; the runner uses startV1ToV2.
 */
export async function planV1ToV2(root: string, files: SourceFileEntry[]): Promise<V1ToV2Step> {
  const { runOfficialCodemod } = await import('./engine/runOfficialCodemod.js');
  if (v1StepInputs(files).length > 0) (await import('./engine/staleCopies.js')).removeStaleCopies();
  return runOfficialCodemod(root, files);
}

export interface V1ToV2Runner {
  /**
   * Plan the step for these files (once per runner): the official codemod's output, as planV1ToV2 returns it. `all`:
   * every discovered file, of which the serving rewrite reads the callers of an entry's functions (servingCallers).
   */
  plan(root: string, files: SourceFileEntry[], all?: SourceFileEntry[]): Promise<V1ToV2Step>;
  /** Stop the worker if it is still running (the run failed, or the plan arrived): safe to call at any time. */
  close(): void;
}

export interface StartOptions {
  /** The V8 code cache directory this thread uses (lib/compileCache.ts): the worker loads its compiler through it too. */
  compileCacheDir?: string;
}

/**
 * Start the v1 step before anything else: a worker thread loads the official codemod and its TypeScript compiler
 * while the caller discovers the files, runs it on the v1 files as soon as they are sent (`plan`), and meanwhile the
 * caller loads its own compiler and parses the files the step leaves alone. The answer is the same as planV1ToV2's.
 * Without the compiled worker script (the sources run under a test runner), or when no worker can be started, it
 * plans in this thread. A worker that crashes or stops without an answer rejects `plan` with the reason.
 */
export function startV1ToV2(options: StartOptions = {}): V1ToV2Runner {
  const early = prestarted;
  prestarted = undefined;
  return early ?? startRunner(options);
}

let prestarted: V1ToV2Runner | undefined;

/**
 * Start the v1 step's worker before the run that will use it exists (the CLI does, first thing, unless the step is
 * off): the next startV1ToV2 takes it. Until then it does not keep the process alive, so a run that never comes
 * (a usage error) costs nothing but the start.
 */
export function prestartV1ToV2(options: StartOptions = {}): void {
  prestarted ??= startRunner(options, { unref: true });
}

function startRunner(options: StartOptions, { unref = false } = {}): V1ToV2Runner {
  const inThread: V1ToV2Runner = {
    plan: (root, files, all) => {
      const held = new Set(files);
      return planV1ToV2(root, [...files, ...callersToRead(all ?? files, stepFiles(files)).filter((f) => !held.has(f))]);
    },
    close: () => {},
  };
  const script = fileURLToPath(new URL('./engine/stepWorker.js', import.meta.url));
  if (process.env.MCP_MRTR_V1_STEP_IN_THREAD === '1' || !fs.existsSync(script)) return inThread;
  const first = startStepThread(script, options.compileCacheDir);
  if (!first) return inThread;
  // After its listeners: adding a 'message' listener refs the worker again.
  if (unref) first.worker.unref();
  let second: StepThread | undefined;
  const close = () => {
    first.close();
    second?.close();
  };
  return {
    plan(root, files, all) {
      const inputs = v1StepInputs(files);
      const v2Stdio = v2StdioInputs(files, inputs);
      if (inputs.length === 0) {
        close();
        // v2 code alone: its stdio entries are served here, without the official codemod.
        if (v2Stdio.length === 0) return Promise.resolve({ texts: new Map(), findings: [], manifestWarnings: [] });
        const sent = [...v2Stdio, ...callersToRead(all ?? files, v2Stdio)];
        return import('./engine/finishCodemod.js').then(({ finishCodemod }) => finishCodemod(sent, [], root));
      }
      first.worker.ref();
      // With the files that may call an entry's exported function, which the serving rewrite reads (servingCallers).
      const sent = [...inputs, ...v2Stdio, ...callersToRead(all ?? files, [...inputs, ...v2Stdio])];
      // Enough for the official codemod to split its run: a second worker takes its share (see splitCodemod.ts).
      const split = splitCodemodFiles(inputs);
      second = split && startStepThread(script, options.compileCacheDir);
      let answer: Promise<V1ToV2Step>;
      if (split && second) {
        // The parts read only the step's files; the serving rewrite runs here, after both (finishCodemod).
        first.worker.postMessage({ root, files: inputs, own: split[0] });
        second.worker.postMessage({ root, files: inputs, own: split[1] });
        const finishing = import('./engine/finishCodemod.js');
        answer = Promise.all([first.answer, second.answer, finishing]).then(([a, b, { finishCodemod }]) =>
          finishCodemod(sent, [a.part!, b.part!], root),
        );
      } else {
        first.worker.postMessage({ root, files: sent });
        answer = first.answer.then((a) => a.result!);
      }
      // The copies killed runs left are removed here while the worker runs (listing the temp folder off the thread).
      const cleaned = import('./engine/staleCopies.js').then((m) => m.removeStaleCopiesAsync());
      const planned = Promise.all([answer, cleaned.catch(() => {})])
        .then(([step]) => step)
        .finally(close);
      // A caller that fails before it awaits the plan closes the worker: that rejection is nobody's to handle.
      planned.catch(() => {});
      return planned;
    },
    close,
  };
}

export interface V1ToV2Finish {
  /** Whole files to replace: the root package.json when its dependencies change. */
  files: Map<string, string>;
  findings: Finding[];
}

/** What finishV1ToV2 reads of one text: whether it may hold a marker, and the packages it imports (when asked). */
export interface FinishScan {
  text: string;
  markers: boolean;
  packages?: ReadonlySet<string>;
}

/** A text's FinishScan: made early (while the step runs) for the texts no step changes, finishV1ToV2 uses it when the final text is still that one. */
export function scanForFinish(text: string): FinishScan {
  return { text, packages: importedPackages(text), markers: mayHoldMarkers(text) };
}

/**
 * After the MRTR transform: the markers left in the final texts (review items), the step's own diagnostics, and
 * the package.json the final code needs (only when the step ran or the manifest still lists the v1 package).
 * `early` holds scans of texts made before (by absolute path); only those whose text is the final one are used.
 */
export function finishV1ToV2(
  root: string,
  finalTexts: Map<string, string>,
  step: V1ToV2Step | undefined,
  early?: ReadonlyMap<string, FinishScan>,
  userTexts?: ReadonlyMap<string, string>,
): V1ToV2Finish {
  const findings: Finding[] = [];
  const files = new Map<string, string>();
  const scans = new Map<string, FinishScan>();
  for (const [absPath, text] of finalTexts) {
    const made = early?.get(absPath);
    scans.set(absPath, made !== undefined && made.text === text ? made : { text, markers: mayHoldMarkers(text) });
  }
  // A marker's line in the final text, moved to the user's (where the code it marks is, before the marker is written).
  for (const [absPath, scan] of scans)
    if (scan.markers)
      findings.push(
        ...inUserLines(findCodemodMarkers(relativeFile(root, absPath), scan.text), userTexts?.get(absPath), scan.text),
      );
  if (step) {
    findings.push(...step.findings);
    for (const [manifestPath, plan] of planManifests(root, scans, step)) {
      findings.push(...plan.findings);
      if (plan.text !== undefined) files.set(manifestPath, plan.text);
    }
  }
  findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return { files, findings };
}

/**
 * Each package.json's plan for the files it owns (the nearest one above each, manifests.ts): the root's when the step
 * changed a file or it lists the v1 SDK (with the official codemod's warnings, about the root manifest it read), a
 * package's own when the step changed one of its files or it lists the v1 SDK. A manifest above other packages (a
 * workspace root) keeps the v1 SDK while a file of theirs still imports it: it may be what installs it for them.
 */
function planManifests(
  root: string,
  scans: Map<string, FinishScan>,
  step: V1ToV2Step,
): Array<[string, ReturnType<typeof planPackageJson>]> {
  const rootManifest = path.join(root, 'package.json');
  const serving = new Set(step.servingOnly ?? []);
  const changed = [...step.texts.keys()].filter((absPath) => !serving.has(absPath));
  const groups = groupByManifest(
    root,
    [...scans].map(([absPath, scan]): [string, FinishScan] => [absPath, scan]),
  );
  if (!groups.has(rootManifest)) groups.set(rootManifest, []);
  const owners = new Map([...groups].flatMap(([manifest, group]) => group.map(({ absPath }) => [absPath, manifest])));
  const packagesOf = (scan: FinishScan) => scan.packages ?? importedPackages(scan.text);
  const plans: Array<[string, ReturnType<typeof planPackageJson>]> = [];
  for (const [manifestPath, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const manifestText = readIfExists(manifestPath);
    if (manifestText === undefined) continue;
    const isRoot = manifestPath === rootManifest;
    const owned = changed.filter((absPath) => (owners.get(absPath) ?? rootManifest) === manifestPath).length;
    if (!((isRoot ? changed.length : owned) > 0 || manifestText.includes('"@modelcontextprotocol/sdk"'))) continue;
    const imported = group.map(({ item }) => packagesOf(item));
    const below = path.dirname(manifestPath) + path.sep;
    const nested = [...groups].filter(([other]) => other !== manifestPath && other.startsWith(below));
    if (nested.some(([, g]) => g.some(({ item }) => packagesOf(item).has(V1_PACKAGE))))
      imported.push(new Set([V1_PACKAGE]));
    const file = relativeFile(root, manifestPath);
    plans.push([manifestPath, planPackageJson(file, manifestText, imported, isRoot ? step.manifestWarnings : [])]);
  }
  return plans;
}

const V1_PACKAGE = '@modelcontextprotocol/sdk';

function relativeFile(root: string, absPath: string): string {
  return path.relative(root, absPath).split(path.sep).join('/');
}

/** The step's output as the runner holds it: the texts, and what finishV1ToV2 needs of the run. */
interface V1ToV2Output extends PreStepOutput {
  step: V1ToV2Step;
  /** Scans of the texts the step does not read, made while it ran. */
  early?: ReadonlyMap<string, FinishScan>;
}

/** The v1 step as the runner calls it (lib/transform.ts): started before discovery, on the files naming the v1 SDK. */
export const V1_TO_V2_STEP: PreStep<V1ToV2Options> = {
  enabled: (options) => options.v1ToV2 === true,
  prestart: (context) => prestartV1ToV2(context),
  start(context) {
    const runner = startV1ToV2(context);
    let early: Map<string, FinishScan> | undefined;
    return {
      inputs: stepFiles,
      async plan(root, files, all) {
        const step = await runner.plan(root, files, all);
        const output: V1ToV2Output = {
          texts: step.texts,
          ...(step.failed ? { failed: step.failed } : {}),
          step,
          get early() {
            return early;
          },
        };
        return output;
      },
      // What finishV1ToV2 reads of the texts the step does not change, scanned while the worker runs.
      whileRunning(files) {
        early = new Map(files.map((f) => [f.absPath, scanForFinish(f.text)]));
      },
      close: () => runner.close(),
    };
  },
};

/** The step's finish, with or without the step: markers in the final texts always; package.json when it ran. */
export function finishStep(
  root: string,
  finalTexts: Map<string, string>,
  output: PreStepOutput | undefined,
  userTexts?: ReadonlyMap<string, string>,
): V1ToV2Finish {
  // The runner hands back the output this step's own plan made (a V1ToV2Output), or nothing when it did not run.
  const own = output as V1ToV2Output | undefined;
  return finishV1ToV2(root, finalTexts, own?.step, own?.early, userTexts);
}
