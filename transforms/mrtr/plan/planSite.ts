import type { Family } from '../../../lib/model.js';
import type { Chain } from '../analyse/chains.js';
import type { PushCall } from '../analyse/pushCall.js';
import { MRTR_CAPABLE_METHODS } from '../constants.js';
import type { ReasonId } from '../reasons.js';
import type { Review } from './review.js';
import { takenByMixedStrategy, takesMixed } from './strategies.js';
import type { Reach, StrategyVerdict, Verdict } from './verdict.js';

/** Reason for a site that only runs in one non-MRTR context. */
const FAMILY_REASONS: Record<Exclude<Family, 'tools/call' | 'prompts/get' | 'resources/read' | 'mixed'>, ReasonId> = {
  'other-request': 'other-request',
  notification: 'notification-handler',
  oninitialized: 'oninitialized',
  event: 'event-listener',
  timer: 'timer',
  startup: 'startup',
  dead: 'dead-code',
  unresolved: 'unresolved-caller',
};

/**
 * The verdict for one site: a pure function of what detection, classification and the strategies' planners
 * found, so the audit and the migration can never disagree. MRTR-capable sites are rewritten when a strategy
 * planned them; otherwise they get the reason it gave, or `no-strategy-yet`. A replayed site's calls from
 * outside a request are added by the caller (`outside` starts empty).
 */
export function planSite(
  call: PushCall,
  chains: Chain[],
  skip: 'ignored' | 'legacy-era-branch' | undefined,
  strategy?: StrategyVerdict,
): Verdict {
  const families = [...new Set(chains.map((c) => c.family))].sort(compareFamilies);
  const capable = families.filter(isMrtrCapable);
  const other = families.filter((f) => !isMrtrCapable(f));
  const family: Family = families.length === 1 ? families[0]! : families.length === 0 ? 'unresolved' : 'mixed';
  // The planner's detail goes with its own reason only.
  const review = (reason: ReasonId, detail?: string): Verdict => ({
    kind: 'review',
    reason,
    ...(detail
      ? { detail }
      : strategy?.kind === 'review' && strategy.detail && strategy.reason === reason
        ? { detail: strategy.detail }
        : {}),
    family,
    families,
  });
  if (skip) return { kind: 'skipped', reason: skip, family, families };
  if (call.reason) return review(call.reason, call.detail);
  // Only reached from handlers a framework runs: the framework owns the handler, no SDK rewrite applies.
  const owned = chains.find((c) => c.framework);
  if (owned && chains.every((c) => c.framework)) return review('framework-api', owned.framework);
  if (other.length === 0 && capable.length > 0) {
    if (strategy && strategy.kind !== 'review') return withReach(strategy, { family, families });
    return review(strategy ? strategy.reason : 'no-strategy-yet');
  }
  if (capable.length > 0) {
    // Only a strategy that takes mixed sites (replay: each other caller is reported on its own) keeps its plan.
    if (strategy && strategy.kind !== 'review' && takesMixed(strategy.kind))
      return withReach(strategy, { family, families });
    // Replay was asked and found its own blocker (a callback it cannot follow, an effect it cannot journal): that is
    // what stops the migration, not the other callers, which replay would report apart.
    if (strategy?.kind === 'review' && !takenByMixedStrategy(strategy.reason)) return review(strategy.reason);
    return review('mixed-callers');
  }
  const first = (other[0] ?? 'unresolved') as keyof typeof FAMILY_REASONS;
  return review(FAMILY_REASONS[first]);
}

/** A strategy's plan as the site's verdict (a replayed site's outside calls are added by the caller). */
function withReach(strategy: Exclude<StrategyVerdict, Review | undefined>, reach: Reach): Verdict {
  return strategy.kind === 'replay'
    ? { kind: 'replay', plan: strategy.plan, outside: [], ...reach }
    : { ...strategy, ...reach };
}

export function isMrtrCapable(family: Family): boolean {
  return MRTR_CAPABLE_METHODS.has(family);
}

const FAMILY_ORDER: Family[] = [
  'tools/call',
  'prompts/get',
  'resources/read',
  'other-request',
  'notification',
  'oninitialized',
  'event',
  'timer',
  'startup',
  'unresolved',
  'dead',
  'mixed',
];

function compareFamilies(a: Family, b: Family): number {
  return FAMILY_ORDER.indexOf(a) - FAMILY_ORDER.indexOf(b);
}
