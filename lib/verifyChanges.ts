// The verify phase of a run: each transform's verify step, over the run's changes before anything is written.
import type { FileOutcome, PlannedTexts } from './apply.js';
import type { DiscoveryResult } from './files.js';
import type { PendingWrite } from './journal.js';
import type { Check, Finding } from './model.js';
import { optionValuesOf } from './optionValues.js';
import type { RunOptions } from './runOptions.js';
import type { ResolvedFinding, Transform } from './transform.js';

/**
 * Each transform's verify step the run's options enable, over the run's result (the changed and created files,
 * before and after): findings, and one summary line each. Nothing is written yet, so the texts on disk are the
 * originals in both modes.
 */
export async function verifyChanges(
  transforms: readonly Transform[],
  options: RunOptions,
  discovery: DiscoveryResult,
  planned: PlannedTexts,
  files: Map<string, string>,
  outcomes: Map<string, FileOutcome>,
  stepTexts: Map<string, string>,
  pending?: PendingWrite[],
): Promise<{ findings: Finding[]; checks: Check[]; resolved: ResolvedFinding[] }> {
  const verifiers = transforms.filter((t) => t.verify && (t.verify.enabled?.(optionValuesOf(t, options)) ?? true));
  if (verifiers.length === 0) return { findings: [], checks: [], resolved: [] };
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
  const entries = new Map(discovery.files.map((entry) => [entry.absPath, entry]));
  const findings: Finding[] = [];
  const checks: Check[] = [];
  const resolved: ResolvedFinding[] = [];
  for (const transform of verifiers) {
    const result = await transform.verify!.run({
      root: discovery.root,
      ...(options.tsconfig !== undefined ? { tsconfig: options.tsconfig } : {}),
      before,
      after,
      stepTexts,
      inRun: (absPath) => {
        const entry = entries.get(absPath);
        return entry !== undefined && entry.outsideTarget === undefined;
      },
    });
    findings.push(...result.findings);
    if (result.check) checks.push(result.check);
    if (result.repaired) await takeRepairs(result.repaired, discovery, planned, outcomes, options, pending);
    resolved.push(...(result.resolved ?? []));
  }
  return { findings, checks, resolved };
}

/**
 * A verify step's repairs made part of the run: each repaired text replaces the file's planned text (and its pending
 * write, its diff), or, for a file of the run the plan did not change, becomes its change. Only the discovered
 * files inside the target are taken; a created file is never repaired.
 */
async function takeRepairs(
  repaired: Map<string, string>,
  discovery: DiscoveryResult,
  planned: PlannedTexts,
  outcomes: Map<string, FileOutcome>,
  options: RunOptions,
  pending: PendingWrite[] | undefined,
): Promise<void> {
  const entries = new Map(discovery.files.map((entry) => [entry.absPath, entry]));
  for (const [absPath, after] of repaired) {
    const entry = entries.get(absPath);
    if (!entry || entry.outsideTarget !== undefined) continue;
    const outcome = outcomes.get(absPath);
    if (outcome && outcome.status !== 'changed') continue;
    const text = planned.get(absPath);
    const before = text?.before ?? (await import('node:fs')).readFileSync(absPath, 'utf8');
    planned.set(absPath, { before, after });
    const write = pending?.find((w) => w.absPath === absPath);
    if (write) write.after = after;
    else pending?.push({ absPath, file: entry.file, before, after, whole: false });
    const diff = options.diff ? (await import('./diff.js')).unifiedDiff(entry.file, before, after) : undefined;
    outcomes.set(absPath, { ...(outcome ?? {}), status: 'changed', ...(diff !== undefined ? { diff } : {}) });
  }
}
