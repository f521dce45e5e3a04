// The chain of strategies on its own: which strategy is asked of a site after which reason, what the option does to
// the chain, and which plans stand for a site with mixed callers.
import { describe, expect, it } from 'vitest';
import type { Review } from '../transforms/mrtr/plan/review.js';
import {
  reaches,
  STRATEGY_CHAINS,
  takesMixed,
  walkChain,
  type StrategyAnswer,
  type StrategyName,
} from '../transforms/mrtr/plan/strategies.js';
import type { ReasonId } from '../transforms/mrtr/reasons.js';

type Plan = { kind: 'plan'; by: StrategyName };

/** A site's answers, per strategy (absent: not its kind), and the strategies asked, in order. */
function walk(chain: readonly StrategyName[], answers: Partial<Record<StrategyName, ReasonId | 'plan'>>) {
  const asked: StrategyName[] = [];
  const result = walkChain<Plan>(chain, (name): StrategyAnswer<Plan> => {
    asked.push(name);
    const answer = answers[name];
    if (answer === undefined) return undefined;
    return answer === 'plan' ? { kind: 'plan', by: name } : ({ kind: 'review', reason: answer } satisfies Review);
  });
  return { asked, result };
}

describe('the strategy chain', () => {
  it('puts explicit, steps and replay in order under auto, stops before replay under explicit, asks replay first under replay', () => {
    expect(STRATEGY_CHAINS.auto).toEqual(['explicit', 'steps', 'replay']);
    expect(STRATEGY_CHAINS.explicit).toEqual(['explicit', 'steps']);
    expect(STRATEGY_CHAINS.replay).toEqual(['replay', 'explicit', 'steps']);
  });

  it('stops at the first plan', () => {
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'plan', replay: 'plan' })).toEqual({
      asked: ['explicit'],
      result: { kind: 'plan', by: 'explicit' },
    });
  });

  it('asks steps only after a reason it takes, and replay after the reason steps left', () => {
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'several-asks', steps: 'plan' }).result).toEqual({
      kind: 'plan',
      by: 'steps',
    });
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'guarded-ask', replay: 'plan' }).asked).toEqual([
      'explicit',
      'replay',
    ]);
    // A step function that cannot carry a local: replay takes that reason.
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'several-asks', steps: 'unserializable-state' }).asked).toEqual([
      'explicit',
      'steps',
      'replay',
    ]);
    // A reason no later strategy takes stands.
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'state-codec-unwired', replay: 'plan' })).toEqual({
      asked: ['explicit'],
      result: { kind: 'review', reason: 'state-codec-unwired' },
    });
  });

  it('keeps the earlier reason when a later strategy passes', () => {
    expect(walk(STRATEGY_CHAINS.auto, { explicit: 'several-asks' }).result).toEqual({
      kind: 'review',
      reason: 'several-asks',
    });
    expect(walk(STRATEGY_CHAINS.auto, {}).result).toBeUndefined();
  });

  it('under replay, asks the handler strategies only of the sites replay passes on', () => {
    expect(walk(STRATEGY_CHAINS.replay, { replay: 'plan', explicit: 'plan' }).asked).toEqual(['replay']);
    expect(walk(STRATEGY_CHAINS.replay, { explicit: 'plan' }).result).toEqual({ kind: 'plan', by: 'explicit' });
    expect(walk(STRATEGY_CHAINS.replay, { replay: 'state-codec-unwired', explicit: 'plan' }).result).toEqual({
      kind: 'review',
      reason: 'state-codec-unwired',
    });
  });

  it('reaches replay when no earlier strategy planned the site and replay takes the reason', () => {
    const review = (reason: ReasonId) => (): StrategyAnswer<Plan> => ({ kind: 'review', reason });
    expect(reaches(STRATEGY_CHAINS.auto, 'replay', review('ask-in-helper'))).toBe(true);
    expect(reaches(STRATEGY_CHAINS.auto, 'replay', review('state-codec-unwired'))).toBe(false);
    expect(reaches(STRATEGY_CHAINS.auto, 'replay', () => ({ kind: 'plan', by: 'explicit' }))).toBe(false);
    expect(reaches(STRATEGY_CHAINS.replay, 'replay', review('state-codec-unwired'))).toBe(true);
    expect(reaches(STRATEGY_CHAINS.explicit, 'replay', review('ask-in-helper'))).toBe(false);
  });

  it('lets only replay plans stand for a site with mixed callers', () => {
    expect(takesMixed('replay')).toBe(true);
    for (const kind of ['explicit', 'steps', 'url-error', 'notifier'] as const) expect(takesMixed(kind)).toBe(false);
  });
});
