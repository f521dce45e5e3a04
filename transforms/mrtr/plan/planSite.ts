import type { Decision, Family } from '../../../lib/model.js';
import type { Chain } from '../analyse/classify.js';
import { MRTR_CAPABLE_METHODS } from '../constants.js';
import type { PushCall } from '../analyse/pushCall.js';
import type { ExplicitVerdict } from './planExplicit.js';
import type { ReasonId } from '../reasons.js';

export type Verdict =
  | { decision: 'review'; reason: ReasonId; family: Family; families: Family[] }
  | { decision: 'skipped'; reason: 'ignored'; family: Family; families: Family[] }
  | { decision: Extract<Decision, 'rewritten'>; strategy: 'explicit' | 'replay'; family: Family; families: Family[] };

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
 * The decision for one site: a pure function of what detection, classification and the explicit
 * strategy's check found, so the audit and the migration can never disagree. MRTR-capable sites are
 * rewritten when the explicit form applies; otherwise they get the reason it gave, or `no-strategy-yet`.
 */
export function planSite(call: PushCall, chains: Chain[], ignored: boolean, explicit?: ExplicitVerdict | { plan: unknown }): Verdict {
  const families = [...new Set(chains.map((c) => c.family))].sort(compareFamilies);
  const capable = families.filter(isMrtrCapable);
  const other = families.filter((f) => !isMrtrCapable(f));
  const family: Family = families.length === 1 ? families[0]! : families.length === 0 ? 'unresolved' : 'mixed';
  if (ignored) return { decision: 'skipped', reason: 'ignored', family, families };
  if (call.reason) return { decision: 'review', reason: call.reason, family, families };
  if (other.length === 0 && capable.length > 0) {
    if (explicit && 'plan' in explicit) return { decision: 'rewritten', strategy: isReplayPlan(explicit.plan) ? 'replay' : 'explicit', family, families };
    return { decision: 'review', reason: explicit && 'reason' in explicit ? explicit.reason : 'no-strategy-yet', family, families };
  }
  if (capable.length > 0) {
    // Replay rewrites a helper for its capable callers; each other caller is reported on its own (see planReplay.ts).
    if (explicit && 'plan' in explicit && isReplayPlan(explicit.plan)) return { decision: 'rewritten', strategy: 'replay', family, families };
    return { decision: 'review', reason: 'mixed-callers', family, families };
  }
  const first = (other[0] ?? 'unresolved') as keyof typeof FAMILY_REASONS;
  return { decision: 'review', reason: FAMILY_REASONS[first], family, families };
}

function isReplayPlan(plan: unknown): boolean {
  return typeof plan === 'object' && plan !== null && 'replay' in plan;
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
