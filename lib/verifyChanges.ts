// The verify phase of a run: each transform's verify step, over the run's changes before anything is written.
import type { FileOutcome, PlannedTexts } from './apply.js';
import type { DiscoveryResult } from './files.js';
import type { Check, Finding } from './model.js';
import { optionValuesOf } from './optionValues.js';
import type { RunOptions } from './runOptions.js';
import type { Transform } from './transform.js';

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
): Promise<{ findings: Finding[]; checks: Check[] }> {
  const verifiers = transforms.filter((t) => t.verify && (t.verify.enabled?.(optionValuesOf(t, options)) ?? true));
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
    const result = await transform.verify!.run({
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
