import type { Node } from 'ts-morph';
import { attributed } from '../../../lib/planFailure.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { findGuards } from '../detect/guards.js';
import type { FoundSite } from '../detect/findSites.js';
import { planReplay } from '../replay/planReplay.js';
import type { ReplayVerdict } from '../replay/planReplay.js';
import type { Strategy } from '../options.js';
import type { OutsideCall } from '../replay/replayPath.js';
import { HandlerPlans } from './planHandlers.js';
import { isCompletionNotifier } from './planNotifier.js';
import { planSite } from './planSite.js';
import { reaches, STRATEGY_CHAINS, walkChain, type StrategyName } from './strategies.js';
import type { OutsideSite, Verdict } from './verdict.js';

/** A found site and its verdict. */
export interface DecidedSite extends FoundSite {
  verdict: Verdict;
}

/**
 * The verdict of every site, before any edit is derived: each site walks the option's chain of strategies
 * (plan/strategies.ts). Replay plans the sites the chain brings to it together (one plan per server) before any
 * site's verdict is taken. Sites are decided in the order they were found, as the plans' shared state (cached group
 * plans, the file that hosts each server's codec, the outside calls already reported) requires.
 */
export function decideSites(
  found: FoundSite[],
  analysis: MrtrAnalysis,
  strategy: Strategy,
  runtimeDir?: string,
  failed: ReadonlySet<string> = new Set(),
): DecidedSite[] {
  const chain = STRATEGY_CHAINS[strategy];
  const handlers = new HandlerPlans(found, analysis, failed);
  // The asks of files whose planning threw are left out; their handlers' other asks still see them in the group.
  const planned = failed.size === 0 ? found : found.filter((site) => !failed.has(site.absPath));
  const replayVerdicts = chain.includes('replay')
    ? planReplay(planned, handlers, analysis, (site) => reachesReplay(chain, handlers, site), runtimeDir)
    : new Map<Node, ReplayVerdict>();
  const reported = new Set<Node>();
  return planned.map((site) =>
    attributed(site.absPath, () => decideSite(site, chain, handlers, replayVerdicts, reported, analysis)),
  );
}

/**
 * Whether the chain brings a site to replay. The handler strategies plan it first, whatever the chain: a step
 * function and replay share the server's codec, and the first plan that needs it declares it (in found order).
 */
function reachesReplay(chain: readonly StrategyName[], handlers: HandlerPlans, site: FoundSite): boolean {
  handlers.verdictOf(site);
  return reaches(chain, 'replay', (name) => (name === 'replay' ? undefined : handlers.answerOf(name, site)));
}

/** One site's verdict: the first plan down the chain (a notifier's goes with its handler's URL ask), then its family's. */
function decideSite(
  site: FoundSite,
  chain: readonly StrategyName[],
  handlers: HandlerPlans,
  replayVerdicts: Map<Node, ReplayVerdict>,
  reported: Set<Node>,
  analysis: MrtrAnalysis,
): DecidedSite {
  const { call, chains, ignored, skip } = site;
  const planned = isCompletionNotifier(call)
    ? handlers.notifierFor(site, (g) => replayVerdicts.get(g.call.node)?.kind === 'replay')
    : walkChain(chain, (name) => (name === 'replay' ? replayVerdicts.get(call.node) : handlers.answerOf(name, site)));
  const verdict = planSite(call, chains, ignored ? (skip ?? 'ignored') : undefined, planned);
  if (verdict.kind === 'replay' && planned?.kind === 'replay')
    verdict.outside = outsideSites(planned.outside ?? [], reported, analysis);
  return { ...site, verdict };
}

/** Each call reaching a replayed ask from code that cannot answer input_required is a review item of its own (once). */
function outsideSites(calls: OutsideCall[], reported: Set<Node>, analysis: MrtrAnalysis): OutsideSite[] {
  const sites: OutsideSite[] = [];
  for (const outside of calls) {
    if (reported.has(outside.node)) continue;
    reported.add(outside.node);
    sites.push({ node: outside.node, chains: analysis.chainsOf(outside.node), guards: findGuards(outside.node) });
  }
  return sites;
}
