// Which texts a run's discovery holds, from the transforms' contract (kept apart from lib/textScan.ts, which discovery
// imports, so that discovery never imports the contract).
import type { ReleaseRule } from './textScan.js';
import type { Transform } from './transform.js';

/** The texts a run holds: those some transform reads (its planner's prefilter's, Transform.readsText). */
export function releaseRuleOf(transforms: readonly Transform[]): ReleaseRule {
  return {
    keepsText: (text) => transforms.some((t) => t.planner?.mayHoldWork(text) === true || t.readsText?.(text) === true),
    reachModules: transforms.flatMap((t) => t.reachModules ?? []),
  };
}
