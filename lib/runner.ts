// The pipeline: discover -> parse -> plan -> apply -> finish -> verify -> write -> report, each phase in a file of
// its own. It knows transforms only through the contract (lib/transform.ts); the registry comes from the package
// entry (api/, bin/). The runner returns data and never prints.
import path from 'node:path';
import { applyFiles, applyPlan, resetParseChecks, type PlannedTexts } from './apply.js';
import { buildReport } from './buildReport.js';
import { discoverFiles, type DiscoveryResult } from './files.js';
import { finalTextsOf, finishTransforms } from './finishTransforms.js';
import { Formatting } from './format.js';
import { collectGarbage, LARGE_TREE_FILES } from './heap.js';
import type { PendingWrite } from './journal.js';
import type { Report } from './model.js';
import { parseProject } from './parseProject.js';
import { planCandidates } from './planCandidates.js';
import { reportPlanFailures, takePlanFailures } from './planFailure.js';
import type { RunOptions } from './runOptions.js';
import { startPreSteps } from './startup.js';
import { releaseRuleOf } from './releaseRule.js';
import type { Transform } from './transform.js';
import { dropDependents, dropOrphanModules, unappliedSites } from './unapplied.js';
import { UsageError } from './usageError.js';
import { verifyChanges } from './verifyChanges.js';

export { UsageError } from './usageError.js';
export type { PlannedTexts } from './apply.js';
export type { ProgressPhase, RunOptions } from './runOptions.js';

/**
 * One run over the given paths with the given transforms: `dry-run` plans and writes nothing, `migrate` applies the
 * plan in place, each file atomically. `texts`, when given, receives the planned text of every file it changes.
 */
export async function run(
  transforms: readonly Transform[],
  options: RunOptions,
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
    const parsed = await parseProject(transforms, steps, discovery, options);
    const plan = planCandidates(parsed, discovery, options);
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
    const finish = finishTransforms(transforms, parsed.outputs, discovery, planned);
    const files = new Map([...(plan.files ?? []), ...finish.files]);
    dropOrphanModules(files, finalTextsOf(discovery, planned).values(), discovery, outcomes);
    await applyFiles(discovery, files, plan.edits, write, applying, outcomes, texts, pending);
    const verified = await verifyChanges(
      transforms,
      options,
      discovery,
      planned,
      files,
      outcomes,
      parsed.stepTexts,
      write ? pending : undefined,
    );
    if (pending.length > 0)
      await (await import('./commitWrites.js')).commitWrites(discovery.root, pending, outcomes, planned);
    const sites = unappliedSites(plan.sites, outcomes, discovery, transforms);
    // A finding a verify step's repair resolved (a codemod marker whose call it migrated) is not reported.
    const resolved = new Set(verified.resolved.map((r) => `${r.transform}/${r.reason}@${r.file}:${r.line}`));
    const finished = finish.findings.filter((f) => !resolved.has(`${f.transform}/${f.reason}@${f.file}:${f.line}`));
    const findings = [...finished, ...verified.findings];
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
  options: RunOptions,
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
async function discover(options: RunOptions, transforms: readonly Transform[]): Promise<DiscoveryResult> {
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
