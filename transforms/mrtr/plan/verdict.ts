import type { Node } from 'ts-morph';
import type { Decision, Family } from '../../../lib/model.js';
import type { Chain } from '../analyse/chains.js';
import type { ReplayPlan, ReplayVerdict } from '../replay/planReplay.js';
import type { ExplicitPlan, ExplicitVerdict } from './planExplicit.js';
import type { NotifierPlan, NotifierVerdict } from './planNotifier.js';
import type { StepsPlan, StepsVerdict } from './planSteps.js';
import type { UrlErrorPlan, UrlErrorVerdict } from './planUrlError.js';
import type { Review } from './review.js';

/**
 * What the strategies' planners say of one site: a plan of their kind, or why not (`review`); undefined when
 * no strategy has a form for it yet. `planSite` turns it into the site's verdict.
 */
export type StrategyVerdict = ExplicitVerdict | StepsVerdict | UrlErrorVerdict | NotifierVerdict | ReplayVerdict;

/** A call that reaches a replayed ask from code that cannot answer input_required, with its own chains: a review item of its own. */
export interface OutsideSite {
  node: Node;
  chains: Chain[];
  guards: string[];
}

/** Where a site runs: its family (the one, `mixed`, or `unresolved`) and every family of its chains. */
export interface Reach {
  family: Family;
  families: Family[];
}

/**
 * The verdict per site, decided for every site before any edit: what the emitter of its kind writes. The five
 * plan kinds are rewritten (replay also names the calls from outside a request that reach its ask); `review`
 * gets a marker; `skipped` (`@mcp-mrtr-ignore`) is left alone.
 */
export type Verdict = Reach &
  (
    | { kind: 'explicit'; plan: ExplicitPlan }
    | { kind: 'steps'; plan: StepsPlan }
    | { kind: 'url-error'; plan: UrlErrorPlan }
    | { kind: 'notifier'; plan: NotifierPlan }
    | { kind: 'replay'; plan: ReplayPlan; outside: OutsideSite[] }
    | Review
    | { kind: 'skipped'; reason: 'ignored' | 'legacy-era-branch' }
  );

/** The report's decision for a verdict. */
export function decisionOf(verdict: Verdict): Decision {
  return verdict.kind === 'review' ? 'review' : verdict.kind === 'skipped' ? 'skipped' : 'rewritten';
}
