import type { Strategy } from '../options.js';
import type { ReasonId } from '../reasons.js';
import type { Review } from './review.js';

// The strategies that rewrite an ask, as one ordered chain: the planner asks them of a site in order, and the first
// that plans it wins. Each declares what it takes (the reasons an earlier strategy gave up with, and whether it may
// take a site also reached from code that cannot answer input_required); the `strategy` option picks the chain.

/** A strategy of the chain. */
export type StrategyName = 'explicit' | 'steps' | 'replay';

export interface StrategyTakes {
  /**
   * The reasons a strategy before it gave up with that it takes over (`no-strategy-yet`: none had a plan for the
   * site). At the head of a chain a strategy is asked of every site.
   */
  takes: readonly ReasonId[];
  /** Whether its plan stands for a site reached both from MRTR-capable handlers and from elsewhere (`mixed`). */
  mixed: boolean;
}

export const STRATEGIES: Record<StrategyName, StrategyTakes> = {
  // The write-once form: a handler's asks as one round (a thrown URL error's ask included), planned per handler.
  explicit: { takes: ['no-strategy-yet'], mixed: false },
  // Asks that are not one round (dependent, or after code with effects) become a step function when they can.
  steps: { takes: ['several-asks', 'repeated-effects', 'ask-not-statement'], mixed: false },
  // The ask keeps its place, so its shape around it does not matter; a helper is replayed for its capable callers,
  // and each other caller is reported on its own.
  replay: {
    takes: [
      'no-strategy-yet',
      'ask-in-helper',
      'several-asks',
      'guarded-ask',
      'ask-not-statement',
      'repeated-effects',
      'unknown-schema',
      'unserializable-state',
      'mixed-callers',
    ],
    mixed: true,
  },
};

/** The chain each value of the option walks. */
export const STRATEGY_CHAINS: Record<Strategy, readonly StrategyName[]> = {
  auto: ['explicit', 'steps', 'replay'],
  explicit: ['explicit', 'steps'],
  replay: ['replay', 'explicit', 'steps'],
};

/** The strategy whose plan a verdict kind is (a URL error's ask and its notifiers go with the explicit form). */
export const STRATEGY_OF_KIND: Record<'explicit' | 'url-error' | 'notifier' | 'steps' | 'replay', StrategyName> = {
  explicit: 'explicit',
  'url-error': 'explicit',
  notifier: 'explicit',
  steps: 'steps',
  replay: 'replay',
};

/**
 * A strategy's answer for one site: its plan, its reason for leaving the site (`review`), or undefined when the site
 * is not of its kind (the reason given before stands).
 */
export type StrategyAnswer<P> = P | Review | undefined;

/** Whether `name` takes a site the strategies before it left with `last` (undefined: none had a plan). */
function takes(name: StrategyName, last: Review | undefined): boolean {
  return STRATEGIES[name].takes.includes(last?.reason ?? 'no-strategy-yet');
}

/**
 * One site down a chain: each strategy is asked in turn if it takes the reason the last one gave up with (the head
 * is asked always); the first plan wins, else the last reason given stands (undefined: none was given).
 */
export function walkChain<P extends { kind: string }>(
  chain: readonly StrategyName[],
  answerOf: (name: StrategyName) => StrategyAnswer<P>,
): StrategyAnswer<P> {
  let last: Review | undefined;
  for (const [i, name] of chain.entries()) {
    if (i > 0 && !takes(name, last)) continue;
    const answer = answerOf(name);
    if (answer === undefined) continue;
    if (answer.kind !== 'review') return answer;
    // A later strategy's review replaces an earlier one, except that another ask blocking this one
    // (`handler-ask-not-replayed`) does not hide a reason of this ask's own whose advice is not "use that strategy".
    const review = answer as Review;
    if (!last || review.reason !== 'handler-ask-not-replayed' || DEFERS_TO_LATER.has(last.reason)) last = review;
  }
  return last;
}

/** Review reasons whose advice is a later strategy of the chain: that strategy's own reason says more. */
const DEFERS_TO_LATER: ReadonlySet<string> = new Set(['no-strategy-yet', 'ask-in-helper']);

/** Whether a walk down `chain` reaches `name` for a site: no strategy before it planned it, and it takes the reason. */
export function reaches<P extends { kind: string }>(
  chain: readonly StrategyName[],
  name: StrategyName,
  answerOf: (name: StrategyName) => StrategyAnswer<P>,
): boolean {
  const at = chain.indexOf(name);
  if (at <= 0) return at === 0;
  const before = walkChain(chain.slice(0, at), answerOf);
  return (before === undefined || before.kind === 'review') && takes(name, before as Review | undefined);
}

/**
 * Whether a reason is one a strategy that takes mixed sites would still take over (it was given before such a strategy
 * was asked, or none was in the chain): for a mixed site, `mixed-callers` says more than it.
 */
export function takenByMixedStrategy(reason: ReasonId): boolean {
  return Object.values(STRATEGIES).some((s) => s.mixed && s.takes.includes(reason));
}

/** Whether a plan of this kind stands for a site reached both from MRTR-capable handlers and from elsewhere. */
export function takesMixed(kind: keyof typeof STRATEGY_OF_KIND): boolean {
  return STRATEGIES[STRATEGY_OF_KIND[kind]].mixed;
}
