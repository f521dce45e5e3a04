import { Node } from '../../../lib/tsMorph.cjs';
import { handlerOf, type HandlerSite } from '../analyse/handlerSite.js';
import type { PushCall } from '../analyse/pushCall.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import type { Review } from './review.js';

/**
 * A `server.createElicitationCompletionNotifier(id)` call that goes with a rewritten URL ask. 2026-07-28 has no
 * `notifications/elicitation/complete`: the client answers the URL elicitation itself, and the legacy shim makes
 * up its own elicitationId for 2025-era clients, so the server's id names nothing any more. The notifier
 * becomes a function that does nothing (`async () => {}`, the same `() => Promise<void>` shape), or goes when
 * its value is unused.
 */
export interface NotifierPlan {
  call: Node;
  /** The expression statement holding only the call (its value unused): removed with its line. */
  statement?: Node;
}

/** A notifier goes with its handler's rewritten URL ask (`notifier`), or stays for review (`completion-notifier`). */
export type NotifierVerdict = { kind: 'notifier'; plan: NotifierPlan } | Review;

export function isCompletionNotifier(call: PushCall): boolean {
  return call.form.endsWith('.createElicitationCompletionNotifier');
}

/**
 * Whether a notifier site may be replaced, provided its handler's URL ask is rewritten (the caller checks that):
 * v2, written in the handler's own callback (also inside a function nested in it, e.g. a factory passed to a
 * tracking helper), and its id argument has no effect (it is no longer evaluated).
 */
export function planNotifier(site: HandlerSite): NotifierPlan | undefined {
  const { call, chains } = site;
  if (call.sdk !== 'v2' || call.reason || !Node.isCallExpression(call.node)) return undefined;
  const registration = chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !chains.every((c) => c.registration === registration)) return undefined;
  if (!call.node.getAncestors().includes(handler)) return undefined;
  if (!call.node.getArguments().every((a) => isReplaySafeExpression(a))) return undefined;
  const parent = call.node.getParent();
  const statement = parent && Node.isExpressionStatement(parent) ? parent : undefined;
  return { call: call.node, ...(statement ? { statement } : {}) };
}
