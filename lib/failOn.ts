import type { Report } from './model.js';

/** What makes a completed run exit 1 (`--fail-on`). */
export const FAIL_ON_CHOICES = ['never', 'error', 'changes', 'review'] as const;
export type FailOn = (typeof FAIL_ON_CHOICES)[number];

export interface FailVerdict {
  fail: boolean;
  /** Why the run fails, for the one line the CLI prints; undefined when it does not. */
  why?: string;
}

/**
 * The CI gate, decided from the report alone; each choice fails on everything the one before it fails on:
 * - `never`: a completed run never fails (usage errors still exit 2);
 * - `error` (default): files that could not be analysed or rewritten;
 * - `changes`: also when the migration would change a file (a site to rewrite, or a review marker not yet in
 *   the source): the tree is not fully migrated. Review items already marked do not fail it;
 * - `review`: also when any review item remains, marked or not: a human still has work to do.
 */
export function decideFailure(report: Report, failOn: FailOn): FailVerdict {
  const t = report.totals;
  if (failOn === 'never') return { fail: false };
  if (t.filesWithErrors > 0) return { fail: true, why: `${plural(t.filesWithErrors, 'file')} with errors` };
  if (failOn === 'error') return { fail: false };
  if (t.filesChanged > 0) {
    const verb = report.mode === 'dry-run' ? 'would change' : 'changed';
    return { fail: true, why: `the migration ${verb} ${plural(t.filesChanged, 'file')} (--fail-on ${failOn})` };
  }
  const review = t.review + (report.findings ?? []).filter((f) => f.decision === 'review').length;
  if (failOn === 'review' && review > 0)
    return { fail: true, why: `${plural(review, 'review item')} remain (--fail-on review)` };
  return { fail: false };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
