import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Block, CallExpression, CatchClause, PropertyAccessExpression, TryStatement } from 'ts-morph';
import type { Family } from '../../../lib/model.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { MRTR_CAPABLE_METHODS } from '../constants.js';
import {
  enclosingFunction,
  inJsDoc,
  isFunctionNode,
  namedDeclarationOf,
  oneLine,
  parameterCalls,
  projectFunctionOf,
  type FunctionNode,
  type ProjectFunction,
} from '../analyse/functions.js';
import { isContextRun } from '../analyse/asyncContext.js';
import { templateCallbackOf, type Registration } from '../analyse/handlers.js';
import type { ReasonId } from '../reasons.js';
import { outermostOf, unwrap } from '../analyse/symbols.js';
import { isReplaySafeStatement } from '../analyse/replaySafe.js';
import type { JournalStep } from './journal.js';
import { rerunsAround, type Rerun } from './reruns.js';

/** A function that receives a rejection: it rethrows the input-required signal first. */
export type RejectionHandler = ProjectFunction;

/** A call that reaches a replayed ask from a path that cannot answer input_required (a mixed caller). */
export interface OutsideCall {
  /** The call in the non-capable code that leads to the ask (where the review marker goes). */
  node: Node;
  family: Family;
}

/** What replay changes on the way from the handlers to an ask (a server's plan gathers these over its asks). */
export interface ReplayEdits {
  /** The registrations whose callbacks are wrapped with `withAsks`. */
  registrations: Registration[];
  /** Catch clauses between a handler and an ask: they rethrow the input-required signal first. */
  guards: CatchClause[];
  /** `.catch(err)` / `.then(ok, err)` handlers between a handler and an ask: they rethrow the signal first. */
  handlerGuards: RejectionHandler[];
  /** `Promise.allSettled(...)` calls between a handler and an ask: their results rethrow the signal. */
  settled: CallExpression[];
  /** `server.getClientCapabilities()` reads on the path: they read the request's own capabilities instead. */
  capabilityReads: CallExpression[];
  /** Per registration: the code that runs again on each round (statements before an ask, conditions on the way). */
  reruns: Map<Registration, Rerun[]>;
  /** Per registration: the effects among them, journaled so that they run once (see `journal.ts`). */
  steps: Map<Registration, JournalStep[]>;
}

export interface ReplayPath extends ReplayEdits {
  /** The ask and every call that leads to it. */
  calls: Node[];
  /** `finally` blocks with effects around the path: the signal runs them at the end of every round (see planReplay). */
  finallies: Block[];
  outside: OutsideCall[];
}

export type ReplayPathResult = ReplayPath | { reason: ReasonId; detail: string } | undefined;

/** Array methods that call their callback at once and hand back what it returned (the promises of async callbacks). */
const MAPPING_METHODS: ReadonlySet<string> = new Set(['map', 'flatMap']);
/** The Promise combinators that await a mapped array's promises together (a signal rejects the first, is rethrown from the second). */
const AWAITED_TOGETHER = ['all', 'allSettled'];

const NON_CAPABLE_CONTEXTS: Record<string, Family> = { oninitialized: 'oninitialized', event: 'event', timer: 'timer' };

/**
 * What a walk has found between the ask and the node it has reached. It counts only when the walk reaches a
 * capable handler: a path from `oninitialized` or a timer gets no guards (its ask fails there, and is reported).
 */
interface Trail {
  reruns: Rerun[];
  guards: CatchClause[];
  handlerGuards: RejectionHandler[];
  settled: CallExpression[];
  capabilityReads: CallExpression[];
  finallies: Block[];
  problem?: { reason: ReasonId; detail: string };
}

interface Pending {
  node: Node;
  trail: Trail;
  /** Inside a higher-order function reached through one of its calls: the walk resumes at that call, not at every caller. */
  resume?: { fn: FunctionNode; call: Node };
}

/** At most this many steps per ask: a call graph that needs more is not replayed. */
const MAX_STEPS = 500;

/**
 * Walk from the ask up through its callers to the handler registrations: the catch clauses, rejection handlers
 * and `Promise.allSettled` calls that would swallow the input-required signal, the capability reads, the
 * statements before each call that run again on a retry, and the calls from non-capable code (mixed callers).
 * A reason when a path to a capable handler holds a shape the runtime cannot keep; undefined when a path leads
 * somewhere the planner does not know.
 */
export function traceReplayPath(ask: Node, analysis: MrtrAnalysis): ReplayPathResult {
  const result: ReplayPath = {
    registrations: [],
    guards: [],
    handlerGuards: [],
    settled: [],
    capabilityReads: [],
    finallies: [],
    reruns: new Map(),
    steps: new Map(),
    calls: [],
    outside: [],
  };
  const seen = new Map<Node, Set<string>>();
  const pending: Pending[] = [
    {
      node: ask,
      trail: { reruns: [], guards: [], handlerGuards: [], settled: [], capabilityReads: [], finallies: [] },
    },
  ];
  let steps = 0;
  while (pending.length > 0) {
    if (++steps > MAX_STEPS) return undefined;
    const { node, trail: before, resume } = pending.pop()!;
    // The same node reached along another trail is walked again: its guards may differ.
    const key = `${resume ? resume.call.getStart() : ''}|${signatureOf(before)}`;
    const visits = seen.get(node) ?? new Set<string>();
    if (visits.has(key)) continue;
    visits.add(key);
    seen.set(node, visits);
    const fn = enclosingFunction(node);
    if (!fn) {
      result.outside.push({ node, family: 'startup' });
      continue;
    }
    const trail = trailThrough(node, fn, before, analysis);
    // The ask and every call on the way to it: the handler must wait for its promise, or the ask runs after the
    // handler has answered (no round carries it) and its signal is an unhandled rejection.
    const loose = Node.isCallExpression(node) ? unsettledUse(node, analysis) : undefined;
    if (loose) failTrail(trail, 'ask-not-awaited', loose);
    if (resume && resume.fn === fn) {
      pending.push({ node: resume.call, trail });
      continue;
    }
    // A ResourceTemplate's `list`/`complete` callback answers another request.
    if (templateCallbackOf(fn)) {
      result.outside.push({ node, family: 'other-request' });
      continue;
    }
    for (const use of node === ask ? analysis.usesReaching(ask, fn) : analysis.usesOf(fn)) {
      if (use.kind === 'call') pending.push({ node: use.call, trail });
      else if (use.kind === 'registered') {
        if (!MRTR_CAPABLE_METHODS.has(use.registration.method))
          result.outside.push({ node, family: use.registration.family });
        else if (trail.problem) return trail.problem;
        else commitTrail(result, trail, use.registration);
      } else if (use.kind === 'context') {
        const family = NON_CAPABLE_CONTEXTS[use.family];
        if (!family) return undefined;
        result.outside.push({ node, family });
      } else if (use.kind === 'passed') {
        const next = callsOfPassed(fn, use.call, analysis);
        if ('reason' in next) return next;
        for (const call of next.calls)
          pending.push({ node: call, trail, ...(next.resume ? { resume: next.resume } : {}) });
      } else return undefined;
    }
  }
  result.calls = [...seen.keys()];
  return result.registrations.length > 0 ? result : undefined;
}

/** A trail's finds become the path's, for the registration it reached. */
function commitTrail(result: ReplayPath, trail: Trail, registration: Registration): void {
  for (const g of trail.guards) if (!result.guards.includes(g)) result.guards.push(g);
  for (const h of trail.handlerGuards) if (!result.handlerGuards.includes(h)) result.handlerGuards.push(h);
  for (const c of trail.settled) if (!result.settled.includes(c)) result.settled.push(c);
  for (const c of trail.capabilityReads) if (!result.capabilityReads.includes(c)) result.capabilityReads.push(c);
  for (const f of trail.finallies) if (!result.finallies.includes(f)) result.finallies.push(f);
  if (!result.registrations.includes(registration)) result.registrations.push(registration);
  const list = result.reruns.get(registration) ?? [];
  for (const r of trail.reruns) {
    const same = list.findIndex((l) => l.node === r.node);
    const known = list[same];
    if (!known) list.push(r);
    else
      list[same] = {
        ...known,
        ...(r.unbounded && !known.unbounded ? { unbounded: r.unbounded } : {}),
        // Run again when any path asks again after it (unconditionally, when one path always does).
        ...(known.resumes && r.resumes ? { resumes: [...known.resumes, ...r.resumes] } : { resumes: undefined }),
      };
  }
  result.reruns.set(registration, list);
}

/**
 * The trail once the walk has gone from `node` up to its function `fn`: the capability reads in `fn`, and on the
 * way the catch clauses, rejection handlers and `Promise.allSettled` calls that would swallow the signal, the
 * statements before it that run again, and the first shape the runtime cannot keep.
 */
function trailThrough(node: Node, fn: FunctionNode, before: Trail, analysis: MrtrAnalysis): Trail {
  const trail: Trail = {
    ...before,
    // What follows an ask in a helper below runs again only if the code above this call asks again.
    reruns: before.reruns.map((r) => (r.resumes ? { ...r, resumes: [...r.resumes, node] } : r)),
    guards: [...before.guards],
    handlerGuards: [...before.handlerGuards],
    settled: [...before.settled],
    capabilityReads: [...before.capabilityReads],
    finallies: [...before.finallies],
  };
  // Capability reads have no effect: they may run again (and now read the request's own capabilities).
  const found = capabilityReadsOf(fn, analysis);
  const reads = new Set<Node>(found);
  trail.capabilityReads.push(...found);
  const helper = !analysis.usesOf(fn).some((use) => use.kind === 'registered');
  for (let current: Node = node; current !== fn; current = current.getParentOrThrow()) {
    const parent = current.getParentOrThrow();
    if (Node.isTryStatement(parent) && parent.getTryBlock() === current) {
      guardCatch(parent, trail, analysis);
      checkFinally(parent, trail);
    }
    if (Node.isCallExpression(parent) && current !== parent.getExpression()) guardCombinator(parent, trail, analysis);
    if (
      Node.isPropertyAccessExpression(parent) &&
      parent.getExpression() === current &&
      ['catch', 'then'].includes(parent.getName())
    )
      guardRejection(parent, trail, analysis);
    const around = rerunsAround(parent, current, fn, reads, analysis.project, helper);
    // Everything found so far runs in this loop (once per iteration).
    if (around.unbounded)
      trail.reruns = trail.reruns.map((r) => (r.unbounded ? r : { ...r, unbounded: around.unbounded }));
    trail.reruns.push(...around.reruns.map((r) => (around.unbounded ? { ...r, unbounded: around.unbounded } : r)));
  }
  return trail;
}

/** `server.getClientCapabilities()` reads of `fn` itself (not of the functions nested in it). */
function capabilityReadsOf(fn: FunctionNode, analysis: MrtrAnalysis): CallExpression[] {
  const reads: CallExpression[] = [];
  // The calls in document order (the same as getDescendants() keeps of them: no JSDoc holds a call), found without
  // wrapping every node of the function.
  for (const read of fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = unwrap(read.getExpression());
    if (
      !Node.isPropertyAccessExpression(callee) ||
      callee.getName() !== 'getClientCapabilities' ||
      read.getArguments().length > 0
    )
      continue;
    if (enclosingFunction(read) !== fn) continue;
    const receiver = analysis.origins.originOf(callee.getExpression());
    if (receiver?.role !== 'server') continue;
    reads.push(read);
  }
  return reads;
}

/** The trail's first shape the runtime cannot keep (later ones add nothing). */
function failTrail(trail: Trail, reason: ReasonId, detail: string): void {
  trail.problem ??= { reason, detail };
}

/**
 * A `try` around the walk with a `finally` that has effects: the signal that ends a round passes through it, so the
 * block runs at the end of every round. Releasing what the round made (`clearTimeout(timer)`) is right each round;
 * releasing what a journaled step made is not, and planReplay checks that once the steps are known.
 */
function checkFinally(statement: TryStatement, trail: Trail): void {
  const block = statement.getFinallyBlock();
  if (block && !block.getStatements().every((s) => isReplaySafeStatement(s)) && !trail.finallies.includes(block))
    trail.finallies.push(block);
}

/** A `try` around the walk: its catch clause rethrows the signal first, when it binds the error to a name. */
function guardCatch(statement: TryStatement, trail: Trail, analysis: MrtrAnalysis): void {
  const clause = statement.getCatchClause();
  const binding = clause?.getVariableDeclaration();
  if (binding && !Node.isIdentifier(binding.getNameNode()))
    failTrail(
      trail,
      'signal-guard-unsupported',
      `the catch clause at line ${analysis.project.userLine(clause!)} destructures the error; bind it to a name`,
    );
  else if (clause) trail.guards.push(clause);
}

/** A Promise combinator the walk goes through as an argument: `allSettled` gets a guard, `any` cannot keep one. */
function guardCombinator(call: CallExpression, trail: Trail, analysis: MrtrAnalysis): void {
  if (isPromiseCombinator(call, 'allSettled')) trail.settled.push(call);
  if (isPromiseCombinator(call, 'any')) {
    failTrail(
      trail,
      'signal-guard-unsupported',
      `Promise.any at line ${analysis.project.userLine(call)} settles on the first answer and drops the others' rejections`,
    );
  }
}

/** `.catch(err)` / `.then(ok, err)` on the walk: the rejection handler rethrows the signal first. */
function guardRejection(access: PropertyAccessExpression, trail: Trail, analysis: MrtrAnalysis): void {
  // `.then(ok)` lets the rejection through; the handler of `.catch(err)` and `.then(ok, err)` rethrows it first.
  const outer = access.getParent();
  const handler =
    outer && Node.isCallExpression(outer) ? outer.getArguments()[access.getName() === 'catch' ? 0 : 1] : undefined;
  const target = handler ? rejectionHandlerOf(handler, analysis) : undefined;
  const first = target?.getParameters()[0];
  if (handler && !target)
    failTrail(
      trail,
      'signal-guard-unsupported',
      `the rejection handler \`${oneLine(handler.getText(), 60)}\` at line ${analysis.project.userLine(handler)} is not a function declared in the project`,
    );
  else if (target && first && !Node.isIdentifier(first.getNameNode()))
    failTrail(
      trail,
      'signal-guard-unsupported',
      `the rejection handler at line ${analysis.project.userLine(target)} destructures the error; bind it to a name`,
    );
  else if (target) trail.handlerGuards.push(target);
}

/**
 * Where a function passed as an argument runs: `items.map(fn)` inside `Promise.all`/`Promise.allSettled` runs it
 * at that call; a higher-order function declared in the project (`withRetry(fn)`) runs it where its body calls
 * the parameter, and the walk goes on from that body back to this one call.
 */
function callsOfPassed(
  fn: FunctionNode,
  call: Node,
  analysis: MrtrAnalysis,
): { calls: Node[]; resume?: { fn: FunctionNode; call: Node } } | { reason: ReasonId; detail: string } {
  const unfollowed = (why: string) => ({
    reason: 'callback-not-followed' as const,
    detail: `${callText(call)} at line ${analysis.project.userLine(call)}: ${why}`,
  });
  if (!Node.isCallExpression(call)) return unfollowed('a constructor receives it');
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee) && MAPPING_METHODS.has(callee.getName())) {
    let holder: Node = call;
    while (holder.getParent() && Node.isParenthesizedExpression(holder.getParentOrThrow()))
      holder = holder.getParentOrThrow();
    const outer = holder.getParent();
    if (
      outer &&
      Node.isCallExpression(outer) &&
      outer.getArguments().includes(holder as never) &&
      AWAITED_TOGETHER.some((name) => isPromiseCombinator(outer, name))
    )
      return { calls: [call] };
    return unfollowed(
      `the promises ${callee.getName()}() returns are not awaited together (Promise.all or Promise.allSettled), so an ask's signal would be an unhandled rejection`,
    );
  }
  const hof = Node.isIdentifier(callee) ? projectFunctionOf(analysis.project, callee) : undefined;
  // Code the planner cannot read (a library, a method of an interface implemented elsewhere, a dynamic member):
  // what it runs before calling back would run again on every round, unjournaled, a catch in it could swallow the
  // signal, and it may keep the function to call it after the handler has answered.
  if (!hof)
    return unfollowed(
      `it is passed to ${Node.isPropertyAccessExpression(callee) ? `${callee.getName()}()` : oneLine(callee.getText(), 60)}, which is not a function declared in the project: the code that calls it back cannot be read (its effects before the call would run again on every round, a catch in it could swallow the input-required signal, it may keep the function for later)`,
    );
  const named = namedDeclarationOf(fn);
  const index = call.getArguments().findIndex((argument) => {
    const value = unwrap(argument);
    // By name: `helper`, or the member it came in (`review(context.elicitForm, wire)`).
    const name = Node.isIdentifier(value)
      ? value.getText()
      : Node.isPropertyAccessExpression(value)
        ? value.getName()
        : undefined;
    return value === fn || (named !== undefined && name === named.name);
  });
  const parameter = index >= 0 ? hof.getParameters()[index] : undefined;
  if (
    !parameter ||
    !Node.isParameterDeclaration(parameter) ||
    parameter.isRestParameter() ||
    !Node.isIdentifier(parameter.getNameNode())
  ) {
    return unfollowed(`${callee.getText()} does not take it as a named parameter`);
  }
  const found = parameterCalls(hof, parameter, (run, argument) => isContextRun(run, argument, analysis.project));
  if ('other' in found)
    return unfollowed(
      `its parameter ${parameter.getName()} is used at line ${analysis.project.userLine(found.other)} other than by a direct call`,
    );
  const calls: Node[] = found.calls;
  return { calls, resume: { fn: hof, call } };
}

/** The Promise combinators whose result settles when the promises given to them have settled (or one has rejected). */
const COMBINATORS = ['all', 'allSettled', 'race', 'any'];
/** How many `const p = call()` names a promise is followed through before it counts as not awaited. */
const MAX_ALIASES = 3;

/**
 * Where the promise of a call on the path is left unsettled, or undefined when the code around it waits for it:
 * awaited, returned (its caller is checked in turn), chained with `.then`/`.catch`/`.finally` or given to a
 * Promise combinator whose own promise is waited for, kept in a `const` whose every read is waited for, handed to a
 * function declared in the project that waits for its parameter so (`withTimeout(ask(...), ms)`), or forwarded to
 * the `reject` of a `new Promise` executor that is waited for. `void call()`, a call as a statement of its own, a
 * promise stored or passed to code the planner cannot read: the ask would outlive the round.
 */
function unsettledUse(call: Node, analysis: MrtrAnalysis, depth = 0): string | undefined {
  const loose = () =>
    `\`${callText(call)}\` at line ${analysis.project.userLine(call)} is not awaited: the code that starts it goes on without waiting for it, or waits for it where a catch the planner does not guard would keep the signal`;
  return isSettled(call, analysis, depth) ? undefined : loose();
}

/**
 * Whether the promise `value` evaluates to is waited for by the code around it (see unsettledUse). `strict`: off the
 * walk's own path (a read of a `const` that holds the promise, a helper's parameter), where the planner puts no guard,
 * so nothing may catch the rejection on the way (a `catch`, a rejection handler, `allSettled`/`any`).
 */
function isSettled(
  value: Node,
  analysis: MrtrAnalysis,
  depth: number,
  strict = false,
  guarded: ReadonlySet<Node> = new Set(),
): boolean {
  if (depth > MAX_ALIASES) return false;
  let expr: Node = value;
  for (;;) {
    expr = outermostOf(expr);
    const parent = expr.getParent();
    if (!parent) return false;
    if (
      Node.isAwaitExpression(parent) ||
      Node.isReturnStatement(parent) ||
      (Node.isArrowFunction(parent) && parent.getBody() === expr)
    )
      return !strict || !caughtAround(parent, guarded);
    const outer = parent.getParent();
    if (
      Node.isPropertyAccessExpression(parent) &&
      parent.getExpression() === expr &&
      ['then', 'catch', 'finally'].includes(parent.getName()) &&
      outer &&
      Node.isCallExpression(outer) &&
      outer.getExpression() === parent
    ) {
      // `promise.then(resolve, reject)` in a `new Promise` executor: its rejection settles the new promise.
      const made = forwardsRejection(outer, parent.getName());
      if (made) return isSettled(made, analysis, depth + 1, strict, guarded);
      const handles = parent.getName() === 'catch' || (parent.getName() === 'then' && outer.getArguments().length > 1);
      if (strict && handles) return false;
      expr = outer;
      continue;
    }
    if (
      Node.isArrayLiteralExpression(parent) &&
      outer &&
      Node.isCallExpression(outer) &&
      isAnyCombinator(outer) &&
      !(strict && swallows(outer))
    ) {
      expr = outer;
      continue;
    }
    if (Node.isCallExpression(parent) && parent.getExpression() !== expr) {
      if (
        (isAnyCombinator(parent) && !(strict && swallows(parent))) ||
        waitsForArgument(parent, expr, analysis, depth)
      ) {
        expr = parent;
        continue;
      }
      return false;
    }
    // `ok ? confirm() : skip()`, `cached ?? (await fetch())`: the expression's value is the promise.
    if (Node.isConditionalExpression(parent) && parent.getCondition() !== expr) {
      expr = parent;
      continue;
    }
    if (
      Node.isBinaryExpression(parent) &&
      parent.getRight() === expr &&
      [SyntaxKind.AmpersandAmpersandToken, SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken].includes(
        parent.getOperatorToken().getKind(),
      )
    ) {
      expr = parent;
      continue;
    }
    // `const pending = confirm(); ...; await pending`: every read of the name waits for it.
    if (
      Node.isVariableDeclaration(parent) &&
      parent.getInitializer() === expr &&
      Node.isIdentifier(parent.getNameNode()) &&
      parent.getVariableStatement()?.getDeclarationKind() === 'const'
    ) {
      const reads = readsOf(parent.getNameNode(), enclosingFunction(parent) ?? parent.getSourceFile());
      // A catch around both the `const` and its read is on the walk's own path too: the walk guards it.
      const around = new Set([...guarded, ...triesAround(parent)]);
      return reads.length > 0 && reads.every((read) => isSettled(read, analysis, depth + 1, true, around));
    }
    return false;
  }
}

/** `Promise.allSettled` and `Promise.any` keep a rejection from their own promise. */
function swallows(call: CallExpression): boolean {
  return isPromiseCombinator(call, 'allSettled') || isPromiseCombinator(call, 'any');
}

/** A `try` with a catch clause around `node` in its own function (other than the `guarded` ones). */
function caughtAround(node: Node, guarded: ReadonlySet<Node> = new Set()): boolean {
  return triesAround(node).some((t) => !guarded.has(t));
}

/** The `try` statements with a catch clause whose try block holds `node`, up to its function. */
function triesAround(node: Node): Node[] {
  const tries: Node[] = [];
  for (let current: Node = node; !isFunctionNode(current);) {
    const parent = current.getParent();
    if (!parent) break;
    if (Node.isTryStatement(parent) && parent.getTryBlock() === current && parent.getCatchClause()) tries.push(parent);
    current = parent;
  }
  return tries;
}

/** The other references to a declared name in `scope` (JSDoc mentions left out). */
function readsOf(name: Node, scope: Node): Node[] {
  const symbol = name.getSymbol();
  return scope
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id !== name && id.getText() === name.getText() && id.getSymbol() === symbol && !inJsDoc(id));
}

/**
 * `withTimeout(promise, ms)` of a function declared in the project whose parameter (here `promise`) is waited for
 * wherever it is read (`return Promise.race([promise, timer])`): the call's own promise settles with it.
 */
function waitsForArgument(call: CallExpression, argument: Node, analysis: MrtrAnalysis, depth: number): boolean {
  const callee = unwrap(call.getExpression());
  const hof = Node.isIdentifier(callee) ? projectFunctionOf(analysis.project, callee) : undefined;
  const index = call.getArguments().indexOf(argument as never);
  const parameter = hof && index >= 0 ? hof.getParameters()[index] : undefined;
  if (!parameter || !Node.isParameterDeclaration(parameter) || parameter.isRestParameter()) return false;
  const name = parameter.getNameNode();
  if (!Node.isIdentifier(name)) return false;
  const reads = readsOf(name, hof!);
  return reads.length > 0 && reads.every((read) => isSettled(read, analysis, depth + 1, true));
}

/**
 * `promise.then(ok, (e) => reject(e))` or `promise.catch(reject)` written in the executor of a `new Promise`: its
 * rejection rejects that promise (the `new Promise` expression returned), else undefined.
 */
function forwardsRejection(chain: CallExpression, method: string): Node | undefined {
  const handler = chain.getArguments()[method === 'catch' ? 0 : 1];
  const executor = chain.getFirstAncestor((a) => isFunctionNode(a));
  const made = executor?.getParent();
  if (!handler || !executor || !made || !Node.isNewExpression(made) || made.getExpression().getText() !== 'Promise')
    return undefined;
  if (!Node.isStatement(chain.getParent()!) && !Node.isExpressionStatement(chain.getParent()!)) return undefined;
  const reject = (executor as ProjectFunction).getParameters?.()[1]?.getNameNode();
  if (!reject || !Node.isIdentifier(reject)) return undefined;
  const value = unwrap(handler);
  if (Node.isIdentifier(value)) return value.getText() === reject.getText() ? made : undefined;
  if (!Node.isArrowFunction(value) && !Node.isFunctionExpression(value)) return undefined;
  const error = value.getParameters()[0]?.getNameNode();
  if (!error || !Node.isIdentifier(error)) return undefined;
  const forwards = value
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .some(
      (c) => c.getExpression().getText() === reject.getText() && c.getArguments()[0]?.getText() === error.getText(),
    );
  return forwards ? made : undefined;
}

function isAnyCombinator(call: CallExpression): boolean {
  return COMBINATORS.some((name) => isPromiseCombinator(call, name));
}

/**
 * A call as a message names it: its text, or its callee with `(...)` when an argument is a function written in place
 * (its body may hold the review marker a run writes, which a second run would then quote).
 */
function callText(call: Node): string {
  const args = Node.isCallExpression(call) || Node.isNewExpression(call) ? (call.getArguments() ?? []) : [];
  const inPlace = args.some((a) => a.getDescendants().some((d) => isFunctionNode(d)) || isFunctionNode(a));
  if (!inPlace || !(Node.isCallExpression(call) || Node.isNewExpression(call))) return oneLine(call.getText(), 60);
  return `${Node.isNewExpression(call) ? 'new ' : ''}${oneLine(call.getExpression().getText(), 60)}(...)`;
}

/** Inside a JSDoc comment (`@param name`, `{@link name}`): a mention, not a use. */
/** What distinguishes two trails for the walk above them: the guards found so far, and whether one failed. */
function signatureOf(trail: Trail): string {
  const nodes = [...trail.guards, ...trail.handlerGuards, ...trail.settled].map((n) => n.getStart());
  return `${nodes.join(',')}|${trail.problem ? 'x' : ''}`;
}

/** `Promise.<name>(...)`. */
function isPromiseCombinator(call: CallExpression, name: string): boolean {
  const callee = unwrap(call.getExpression());
  return (
    Node.isPropertyAccessExpression(callee) &&
    callee.getName() === name &&
    callee.getExpression().getText() === 'Promise'
  );
}

/** The function a `.catch(...)` / `.then(ok, ...)` argument is: written in place, or a name for one declared in the project. */
function rejectionHandlerOf(handler: Node, analysis: MrtrAnalysis): RejectionHandler | undefined {
  const value = unwrap(handler);
  if (Node.isArrowFunction(value) || Node.isFunctionExpression(value)) return value;
  return Node.isIdentifier(value) ? projectFunctionOf(analysis.project, value) : undefined;
}
