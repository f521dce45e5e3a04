import { Node } from '../../../lib/tsMorph.cjs';
import type { Block, IfStatement } from 'ts-morph';
import { builderOf, paramsOf, type Builder } from '../analyse/askCall.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { FunctionNode } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import { contextOf, handlerOf, isDirectAsk, type HandlerContext, type HandlerSite } from '../analyse/handlerSite.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { statementOf } from '../analyse/statements.js';
import { asksOf, bindingOf, type Ask, type Binding } from './asks.js';
import { capabilityReadsIn } from './beforeAsk.js';
import type { CarriedLocal } from './carriedValue.js';
import { stateEncrypted, wiringOf, type ServerWiring } from './planWiring.js';
import type { Review } from './review.js';
import { StepLayout, type Continuation } from './stepLayout.js';
import { assignsTo, declarationsIn, namesIn, stateAt, type Declaration } from './stepLocals.js';

export interface Step {
  /** `<prefix>:<ask key>`, `<prefix>:start`, or `<prefix>:after_<ask key>` for the join after a branch. */
  name: string;
  ask?: Ask;
  /** The locals restored on entry (saved by the step that moves here): answers and results of code with effects. */
  carried: CarriedLocal[];
  /**
   * Pure statements of earlier steps run again on entry: `const` declarations whose values the step needs,
   * and the `if (...) return` checks that narrowed them (same inputs, same outcome), so only answers and
   * results of code with effects travel in the state.
   */
  replay: Node[];
  next: Continuation;
}

/**
 * A handler whose asks depend on each other (or follow code with effects): a step function. Each ask is a
 * round of its own; the handler resumes at the step named in the verified requestState, where the locals
 * live across that ask (and every earlier answer) are restored. Code between asks runs exactly once.
 */
export interface StepsPlan {
  steps: Step[];
  asks: Ask[];
  /** The statement of each ask, in order. */
  statements: Node[];
  /** The first body statement the step blocks replace: the pure statements before it stay in place and run on every round. */
  firstReplaced: Node;
  /** The last body statement the step blocks replace (an ask, or an `if` holding asks); what follows stays in place. */
  lastReplaced: Node;
  handler: FunctionNode;
  registration: Registration;
  mcpReq: string;
  addContext?: HandlerContext['addContext'];
  capabilityReads: Node[];
  /** What a reviewer should know about this handler's state. */
  notes: string[];
  /** Step names are `<prefix>:<name>`: unique per server, so a state minted for one handler never resumes another. */
  stepPrefix: string;
  wiring: ServerWiring;
}

export type StepsVerdict = { kind: 'steps'; plan: StepsPlan } | Review;

/** A handler's asks as a step function sees them, once they pass the first checks. */
interface StepsInput {
  fn: FunctionNode;
  body: Block;
  registration: Registration;
  /** The statement of each ask, in order. */
  statements: Node[];
  asks: Ask[];
  context: HandlerContext;
  /** The body-level `if` whose then-block holds a statement, if it does. */
  branchOf: (statement: Node) => IfStatement | undefined;
}

/**
 * Can a handler's asks become a step function? v2 asks written as statements (each `const x = await ask(...)`
 * or `await ask(...)`) of the handler body, or of the then-block of an `if` in the body (not in an else);
 * outside try/catch, loops and races; each ask's parameters must be safe to evaluate again (a retry without
 * the answer asks again); every carried local must survive JSON; and the server construction must be in the
 * handler's file, to wire the codec.
 */
export function planSteps(sites: HandlerSite[], analysis: MrtrAnalysis): StepsVerdict | undefined {
  const input = stepsInputOf(sites, analysis);
  if (!input || !('asks' in input)) return input;
  const { fn, body, registration, statements, asks, context, branchOf } = input;
  const capabilityReads = capabilityReadsIn(body.getStatements(), analysis);
  if (capabilityReads === null) return { kind: 'review', reason: 'guarded-ask' };
  const layout = new StepLayout(body, statements, branchOf, new Set<Node>(capabilityReads));
  // Moved code must not reassign a parameter (parameters are re-sent, not carried) or declare a function or
  // class that later steps use (code does not travel in requestState).
  const parameterNames = fn
    .getParameters()
    .flatMap((p) => namesIn((p as unknown as { getNameNode(): Node }).getNameNode()));
  if (layout.moved.some((s) => assignsTo(s, parameterNames)))
    return {
      kind: 'review',
      reason: 'unserializable-state',
      detail: 'a handler parameter is reassigned before an ask',
    };
  const declarations = declarationsIn(layout, statements, asks, body);
  if (!Array.isArray(declarations)) return declarations;
  const steps = stepsOf(layout, declarations, asks, registration, body);
  if (!Array.isArray(steps)) return steps;
  const wiring = wiringOf(registration, analysis);
  if (!wiring || 'detail' in wiring)
    return { kind: 'review', reason: 'state-codec-unwired', ...(wiring ? { detail: wiring.detail } : {}) };
  // The SDK codec signs but does not encrypt: the codec this tool declares also encrypts; a codec of the user's may not.
  const serverSide = [
    ...new Set(
      steps
        .flatMap((st) => st.carried)
        .filter((c) => c.serverSide)
        .map((c) => `\`${c.name}\``),
    ),
  ];
  const them = serverSide.length === 1 ? 'it' : 'them';
  const notes =
    serverSide.length === 0
      ? []
      : stateEncrypted(wiring)
        ? [
            `requestState carries server-computed ${serverSide.join(', ')}: encrypted (AES-256-GCM) and signed, so the client cannot read ${them}`,
          ]
        : [
            `requestState carries server-computed ${serverSide.join(', ')}: signed, not encrypted, so the client can read ${them}; check that nothing secret is among them`,
          ];
  const { firstReplaced, lastReplaced } = layout;
  return {
    kind: 'steps',
    plan: {
      notes,
      steps,
      asks,
      statements,
      firstReplaced,
      lastReplaced,
      handler: fn,
      registration,
      ...context,
      capabilityReads,
      stepPrefix: prefixOf(registration),
      wiring,
    },
  };
}

/** The first checks: v2 asks written as statements of the handler body (or of a then-block in it), with replay-safe parameters. */
function stepsInputOf(sites: HandlerSite[], analysis: MrtrAnalysis): StepsInput | Review | undefined {
  if (
    sites.some(
      ({ call }) =>
        call.sdk !== 'v2' || call.reason || call.receiverArgument || call.boundParameter || call.destructuredSender,
    )
  )
    return undefined;
  const ordered = [...sites].sort((a, b) => a.call.node.getStart() - b.call.node.getStart());
  const methods = ordered.map(({ call }) => call.form.split('.').pop() ?? '');
  const builders = ordered.map(({ call }, i) => builderOf(call, methods[i]!));
  if (builders.some((b) => !b)) return undefined;
  const registration = ordered[0]!.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !ordered.every(isDirectAsk)) return { kind: 'review', reason: 'ask-in-helper' };
  const fn = handler as FunctionNode;
  const body = fn.getBody?.();
  if (!body || !Node.isBlock(body)) return { kind: 'review', reason: 'ask-not-statement' };
  if (ordered.some(({ guards }) => guards.some((g) => g !== 'capability-check')))
    return { kind: 'review', reason: 'guarded-ask' };
  const statements = ordered.map(({ call }) => statementOf(call.node));
  if (new Set(statements).size !== statements.length) return { kind: 'review', reason: 'ask-not-statement' };
  // Each ask is a body statement, or a statement of the then-block of a body-level `if`.
  const branchOf = (statement: Node): IfStatement | undefined => {
    const block = statement.getParent();
    const branch = block?.getParent();
    return block &&
      Node.isBlock(block) &&
      branch &&
      Node.isIfStatement(branch) &&
      branch.getThenStatement() === block &&
      branch.getParent() === body
      ? branch
      : undefined;
  };
  if (statements.some((s) => s.getParent() !== body && !branchOf(s)))
    return { kind: 'review', reason: 'ask-not-statement' };
  const bindings = ordered.map(({ call }, i) => bindingOf(statements[i]!, call.node, analysis));
  if (bindings.some((b) => b === null)) return { kind: 'review', reason: 'ask-not-statement' };
  const params = ordered.map(({ call }, i) => paramsOf(call, methods[i]!));
  // A retry without the answer asks again: the question must come out the same.
  if (!params.every((p) => isReplaySafeExpression(p))) return { kind: 'review', reason: 'repeated-effects' };
  const context = contextOf(fn, analysis);
  if (!context || !/\.mcpReq$/.test(context.mcpReq)) return { kind: 'review', reason: 'ask-not-statement' };

  // `const { roots } = await ...`: a pattern of one name names the answer as well as a plain binding does.
  const patternKey = (binding: Binding | undefined) => {
    const names = binding?.pattern ? (binding.name.match(/[A-Za-z_$][\w$]*/g) ?? []) : [];
    return binding?.pattern ? (names.length === 1 ? names[0] : undefined) : binding?.name;
  };
  const asks = asksOf(
    ordered.map((s) => s.call),
    builders as Builder[],
    params,
    bindings.map((b) => b ?? undefined),
    registration,
    patternKey,
    // No scope: a step reads an answer only at the step its verified state names, and the step names carry the
    // handler's name, so a key needs to be unique in its handler only (`when`, `party`).
  );
  if ('reason' in asks) return asks;
  return { fn, body, registration, statements, asks, context, branchOf };
}

/** The steps: a start step when code runs before the first ask, then one per resume point. */
function stepsOf(
  layout: StepLayout,
  declarations: Declaration[],
  asks: Ask[],
  registration: Registration,
  body: Block,
): Step[] | Review {
  const steps: Step[] = [];
  if (layout.hasStart)
    steps.push({
      name: `${prefixOf(registration)}:start`,
      carried: [],
      replay: [],
      next: layout.fromBody(layout.prefixEnd),
    });
  for (const point of layout.points) {
    const state = stateAt(point, layout, declarations, asks, body);
    if ('kind' in state) return state;
    const name =
      point.ask !== undefined
        ? asks[point.ask]!.key
        : `after_${asks[layout.points.find((p) => p.branch === point.branch && p.ask !== undefined)!.ask!]!.key}`;
    const replayed = [...state.replay].sort((a, b) => a.getStart() - b.getStart());
    steps.push({
      name: `${prefixOf(registration)}:${name}`,
      ...(point.ask !== undefined ? { ask: asks[point.ask]! } : {}),
      carried: state.carried,
      replay: replayed,
      next: layout.continuationOf(point),
    });
  }
  return steps;
}

function prefixOf(registration: Registration): string {
  return registration.name.replace(/[^A-Za-z0-9_.-]+/g, '_');
}
