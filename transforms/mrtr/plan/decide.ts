import type { Node } from 'ts-morph';
import { attributed } from '../../../lib/planFailure.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { findGuards } from '../detect/guards.js';
import type { FoundSite } from '../detect/findSites.js';
import type { Strategy } from '../options.js';
import { planReplay } from '../replay/planReplay.js';
import type { OutsideCall } from '../replay/replayPath.js';
import { HandlerPlans } from './planHandlers.js';
import { isCompletionNotifier } from './planNotifier.js';
import { planSite } from './planSite.js';
import type { OutsideSite, Verdict } from './verdict.js';

/** A found site and its verdict. */
export interface DecidedSite extends FoundSite {
  verdict: Verdict;
}

/**
 * The verdict of every site, before any edit is derived. Replay takes the sites the handler strategies leave
 * for review (every eligible site under `--strategy replay`); the others get their handler's plan. Sites are
 * decided in the order they were found, as the plans' shared state (cached group verdicts, the file that hosts
 * each server's codec, the outside calls already reported) requires.
 */
export function decideSites(
  found: FoundSite[],
  analysis: MrtrAnalysis,
  strategy: Strategy,
  runtimeDir?: string,
  failed: ReadonlySet<string> = new Set(),
): DecidedSite[] {
  const handlers = new HandlerPlans(found, analysis, failed);
  // The asks of files whose planning threw are left out; their handlers' other asks still see them in the group.
  const planned = failed.size === 0 ? found : found.filter((site) => !failed.has(site.absPath));
  // Asks the explicit form cannot take (helpers, guards, loops) keep their place and replay (see replay/planReplay.ts).
  const replayVerdicts = planReplay(planned, handlers, analysis, strategy, runtimeDir);
  const reported = new Set<Node>();
  return planned.map((site) =>
    attributed(site.absPath, () => decideSite(site, handlers, replayVerdicts, reported, analysis)),
  );
}

/** One site's verdict: its replay verdict, else its handler's plan (a notifier's, or the explicit strategies'). */
function decideSite(
  site: FoundSite,
  handlers: HandlerPlans,
  replayVerdicts: ReturnType<typeof planReplay>,
  reported: Set<Node>,
  analysis: MrtrAnalysis,
): DecidedSite {
  const { call, chains, ignored, skip } = site;
  const planned =
    replayVerdicts.get(call.node) ??
    (isCompletionNotifier(call) ? handlers.notifierFor(site) : handlers.explicitFor(site));
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
