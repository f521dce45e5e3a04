import type { SourceFile } from 'ts-morph';
import { Node } from '../../../lib/tsMorph.cjs';
import { attributed, throwIfTestHook } from '../../../lib/planFailure.js';
import { builderOf, paramsOf } from '../analyse/askCall.js';
import { declaredTypeOf, memberTypeOf } from '../analyse/declaredTypes.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { isDirectAsk } from '../analyse/handlerSite.js';
import type { FoundSite } from '../detect/findSites.js';
import { planExplicit, type ExplicitVerdict } from './planExplicit.js';
import { isCompletionNotifier, planNotifier, type NotifierVerdict } from './planNotifier.js';
import { planSteps, type StepsVerdict } from './planSteps.js';
import { isUrlError, planUrlError, type UrlErrorVerdict } from './planUrlError.js';
import { walkChain, type StrategyName } from './strategies.js';

/** The strategies planned per handler, in the chain's order. */
type HandlerStrategy = Exclude<StrategyName, 'replay'>;
const HANDLER_CHAIN: readonly HandlerStrategy[] = ['explicit', 'steps'];

/**
 * The strategies that rewrite a handler's asks together (the explicit form, a step function, a thrown URL
 * error's ask, and the completion notifiers that go with it): sites are grouped by their handler registration,
 * across files, and each group is planned once per strategy. Group plans are made in the order sites are first
 * asked about, and so is `codecHosts`, shared with replay: the first plan that needs a server's codec decides the
 * file that declares it.
 */
export class HandlerPlans {
  /** One codec per server: the file that declares it, by the server's construction. */
  readonly codecHosts = new Map<Node, SourceFile>();
  private readonly groups = new Map<Node, FoundSite[]>();
  private readonly explicitAnswers = new Map<FoundSite, ExplicitVerdict | UrlErrorVerdict>();
  private readonly groupVerdicts = new Map<Node, ExplicitVerdict>();
  private readonly stepsVerdicts = new Map<Node, StepsVerdict | undefined>();

  constructor(
    found: FoundSite[],
    private readonly analysis: MrtrAnalysis,
    /** Files whose planning threw (absolute paths): their asks are never planned again, and no group rewrites them. */
    private readonly failed: ReadonlySet<string> = new Set(),
  ) {
    // The asks of each handler registration, across files: the explicit form rewrites a handler's asks together.
    for (const f of found) {
      for (const registration of new Set(
        f.chains.map((c) => c.registration?.call).filter((r): r is Node => r !== undefined),
      )) {
        this.groups.set(registration, [...(this.groups.get(registration) ?? []), f]);
      }
    }
  }

  /** The sites of a handler registration, in every file. */
  groupOf(registration: Node): FoundSite[] {
    return this.groups.get(registration) ?? [];
  }

  /**
   * What the handler strategies (explicit, then steps) make of an ask: its plan, the reason they leave it, or
   * undefined (no form for it yet). Notifiers and replay read it.
   */
  verdictOf(f: FoundSite): ExplicitVerdict | UrlErrorVerdict | StepsVerdict {
    return walkChain(HANDLER_CHAIN, (name) => this.answerOf(name as HandlerStrategy, f));
  }

  /** One handler strategy's answer for an ask (the strategy chain asks it: plan/strategies.ts). */
  answerOf(name: HandlerStrategy, f: FoundSite): ExplicitVerdict | UrlErrorVerdict | StepsVerdict {
    if (name === 'explicit' && this.failed.has(f.absPath)) return { kind: 'review', reason: 'no-strategy-yet' };
    // What planning an ask's handler group throws is the error of the ask's file (lib/planFailure.ts).
    return attributed(f.absPath, () => {
      if (name === 'steps') return this.stepsOf(f);
      throwIfTestHook('plan', this.analysis.project.relative(f.absPath));
      if (!this.explicitAnswers.has(f)) this.explicitAnswers.set(f, this.explicitOf(f));
      return this.explicitAnswers.get(f);
    });
  }

  /** The explicit form of an ask: alone, with its handler's other asks (one round), or a thrown URL error's ask. */
  private explicitOf(f: FoundSite): ExplicitVerdict | UrlErrorVerdict {
    if (f.ignored) return undefined;
    const registration = f.chains[0]?.registration?.call;
    const group = this.asksOf(registration, f);
    if (isUrlError(f.call)) {
      const alone = planUrlError(f, this.analysis);
      return alone?.kind === 'url-error' && group.length > 1 ? { kind: 'review', reason: 'several-asks' } : alone;
    }
    const alone = planExplicit([f], this.analysis, this.notifiersOf(registration));
    if (group.length === 1 || !isDirectAsk(f) || alone === undefined) return alone;
    // A handler whose asks are not all written in it (helpers, silenced sites) needs more than one round.
    if (group.some((g) => g.ignored || !isDirectAsk(g))) return { kind: 'review', reason: 'several-asks' };
    if (!this.groupVerdicts.has(registration!))
      this.groupVerdicts.set(registration!, planExplicit(group, this.analysis, this.notifiersOf(registration)));
    return this.groupVerdicts.get(registration!);
  }

  /**
   * The step function of an ask's handler (planned once per handler), when every ask of it is written in it; undefined
   * when the steps cannot take it either (the explicit form's reason stands).
   */
  private stepsOf(f: FoundSite): StepsVerdict | undefined {
    if (f.ignored || isUrlError(f.call)) return undefined;
    const registration = f.chains[0]?.registration?.call;
    const group = this.asksOf(registration, f);
    if (group.some((g) => g.ignored || !isDirectAsk(g))) return undefined;
    const key = group.length === 1 ? f.call.node : registration!;
    if (!this.stepsVerdicts.has(key)) this.stepsVerdicts.set(key, this.planStepsOf(group));
    return this.stepsVerdicts.get(key);
  }

  /**
   * A notifier is replaced when every ask of its handler is rewritten (explicitly, or by replay: `replayed` says which
   * asks are) and one of them is a URL ask.
   */
  notifierFor(f: FoundSite, replayed: (g: FoundSite) => boolean = () => false): NotifierVerdict | undefined {
    return attributed(f.absPath, () => this.planNotifierOf(f, replayed));
  }

  /** Whether a notifier can go with its handler's URL ask once every ask of that handler is rewritten. */
  notifierReplaceable(f: FoundSite): boolean {
    if (f.ignored || f.call.sdk !== 'v2' || !planNotifier(f)) return false;
    const registration = f.chains[0]?.registration?.call;
    return (registration ? this.asksOf(registration, f) : []).some((g) => isUrlAsk(g, this.analysis));
  }

  private planNotifierOf(f: FoundSite, replayed: (g: FoundSite) => boolean): NotifierVerdict | undefined {
    if (f.ignored || f.call.sdk !== 'v2') return undefined;
    const plan = planNotifier(f);
    const registration = f.chains[0]?.registration?.call;
    const asks = registration ? this.asksOf(registration, f) : [];
    const rewritten =
      plan &&
      asks.some((g) => isUrlAsk(g, this.analysis)) &&
      asks.every((g) => {
        // A step function moves the code before its ask (the notifier's statement with it) into a step: the
        // notifier is then left for review, never edited where the step's text replaces it.
        const v = this.verdictOf(g);
        return (!!v && v.kind !== 'review' && v.kind !== 'steps') || replayed(g);
      });
    return rewritten ? { kind: 'notifier', plan } : { kind: 'review', reason: 'completion-notifier' };
  }

  /** A handler's step function; a codec another file declares for its server is for review. */
  private planStepsOf(group: FoundSite[]): StepsVerdict | undefined {
    const steps = planSteps(group, this.analysis);
    if (!steps || (steps.kind === 'review' && steps.reason === 'ask-not-statement')) return undefined;
    if (steps.kind === 'steps' && !steps.plan.wiring.existing) {
      // One codec per server, declared in the first file whose handlers need it.
      const host = this.codecHosts.get(steps.plan.wiring.construction) ?? steps.plan.wiring.codecFile;
      this.codecHosts.set(steps.plan.wiring.construction, host);
      if (host !== steps.plan.wiring.codecFile) {
        return {
          kind: 'review',
          reason: 'state-codec-unwired',
          detail: `this server's requestState codec is declared in ${this.analysis.project.relative(host.getFilePath())}: export it from there and import it here, then run the tool again`,
        };
      }
    }
    return steps;
  }

  /** Completion notifiers go with their handler's URL ask: they are not asks of the round. */
  private asksOf(registration: Node | undefined, f: FoundSite): FoundSite[] {
    return (registration ? (this.groups.get(registration) ?? [f]) : [f]).filter((g) => !isCompletionNotifier(g.call));
  }

  /** The notifiers the explicit rewrite of a URL ask replaces with a no-op: code before the ask may hold them. */
  private notifiersOf(registration: Node | undefined): Node[] {
    const group = registration ? (this.groups.get(registration) ?? []) : [];
    if (!group.some((g) => isUrlAsk(g, this.analysis))) return [];
    return group.filter((g) => isCompletionNotifier(g.call) && !g.ignored && planNotifier(g)).map((g) => g.call.node);
  }
}

function isUrlAsk(g: FoundSite, analysis: MrtrAnalysis): boolean {
  const method = g.call.form.split('.').pop() ?? '';
  return isUrlError(g.call) || builderOf(g.call, method) === 'elicitUrl' || declaredUrlMode(g, method, analysis);
}

/**
 * An elicitation whose params the project's annotations type as a URL request: a `mode` declared `'url'`
 * (`interface UrlElicitationRequest { mode: 'url'; ... }`), or the SDK's `ElicitRequestURLParams`.
 */
function declaredUrlMode(g: FoundSite, method: string, analysis: MrtrAnalysis): boolean {
  if (g.call.kind !== 'elicitation') return false;
  const params = paramsOf(g.call, method);
  const type = params ? declaredTypeOf(analysis.project, params) : undefined;
  if (!type) return false;
  if (Node.isTypeReference(type) && type.getTypeName().getText() === 'ElicitRequestURLParams') return true;
  const mode = memberTypeOf(analysis.project, type, 'mode');
  const literal = mode && Node.isLiteralTypeNode(mode) ? mode.getLiteral() : undefined;
  return !!literal && Node.isStringLiteral(literal) && literal.getLiteralValue() === 'url';
}
