import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { IfStatement } from 'ts-morph';
import { builderOf, isTaskAugmented, paramsOf, type Builder } from '../analyse/askCall.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { FunctionNode } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import { contextOf, handlerOf, isDirectAsk, type HandlerSite } from '../analyse/handlerSite.js';
import type { PushCall } from '../analyse/pushCall.js';
import { isReplaySafeExpression, isReplaySafeStatement } from '../analyse/replaySafe.js';
import { statementOf } from '../analyse/statements.js';
import { constValue, unwrap } from '../analyse/symbols.js';
import { PUSH_KINDS, pushMethodNamed } from '../pushMethods.js';
import { asksOf, bindingOf, keyScopeOf, onlyFieldUses, type Ask, type Binding } from './asks.js';
import { capabilityReadsIn, isExitOnlyBranch } from './beforeAsk.js';
import type { Review } from './review.js';

/** Everything the explicit rewrite needs for one handler's round of asks; computed before any edit (plan, then act). */
export interface ExplicitPlan {
  /** The asks, in the order the original sent them; several only when they are independent (one round). */
  asks: Ask[];
  handler: FunctionNode;
  registration: Registration;
  /** The statements holding the asks (consecutive), replaced as one range. */
  statements: Node[];
  /** How the handler reaches `ctx.mcpReq`: `ctx.mcpReq`, or a destructured `mcpReq`. */
  mcpReq: string;
  /** When the handler declares no context parameter yet: where to add it and its name. */
  addContext?: { start: number; end: number; text: string };
  /** `X.getClientCapabilities()` calls before the asks, to be read from the request instead. */
  capabilityReads: Node[];
  /** In a try/catch: the capability the old call required, the error it threw without it, and the server to ask in the 2025 era. */
  throwUnsupported?: {
    capability: 'form' | 'url' | 'elicitation' | 'sampling' | 'roots';
    message: string;
    server: string;
  };
}

export type ExplicitVerdict = { kind: 'explicit'; plan: ExplicitPlan } | Review | undefined;

/**
 * Can the asks of one handler be rewritten in the SDK's explicit form and stay equivalent? Only v2 asks
 * written at statement level in the handler body, with nothing around them that the explicit form cannot
 * express (races, loops, .catch) and only replay-safe code before them (the handler runs again from the
 * top on the retry). Several asks qualify when they form one round: `Promise.all([...])`, or consecutive
 * statements whose parameters do not use an earlier answer. Undefined: no strategy for these forms yet.
 */
export function planExplicit(sites: HandlerSite[], analysis: MrtrAnalysis, replaced: Node[] = []): ExplicitVerdict {
  const several = sites.length > 1;
  if (
    sites.some(
      ({ call }) =>
        call.sdk !== 'v2' || call.reason || call.receiverArgument || call.boundParameter || call.destructuredSender,
    )
  )
    return several ? { kind: 'review', reason: 'several-asks' } : undefined;
  const methods = sites.map(({ call }) => call.form.split('.').pop() ?? '');
  if (!several && isTaskAugmented(sites[0]!.call, methods[0]!)) return { kind: 'review', reason: 'task-augmented' };
  const builders = sites.map(({ call }, i) => builderOf(call, methods[i]!));
  if (builders.some((b) => !b)) return several ? { kind: 'review', reason: 'several-asks' } : undefined;
  const registration = sites[0]!.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !sites.every(isDirectAsk)) return { kind: 'review', reason: 'ask-in-helper' };
  const fn = handler as FunctionNode;
  const body = (fn as { getBody?: () => Node | undefined }).getBody?.();
  if (!body || !Node.isBlock(body)) return { kind: 'review', reason: 'ask-not-statement' };
  const round = sites.length === 1 ? singleAsk(sites[0]!, body, analysis) : oneRound(sites, body, analysis);
  if ('reason' in round) return round;
  const { statements, bindings, inTry, branch } = round;
  const container = statements[0]!.getParent() as Node & { getStatements(): Node[] };
  const outer = inTry || branch ? container.getParent()! : statements[0]!;
  const before = [
    ...body.getStatements().slice(0, body.getStatements().indexOf(outer as never)),
    ...(inTry || branch ? container.getStatements().slice(0, container.getStatements().indexOf(statements[0]!)) : []),
  ];
  // `server.server.getClientCapabilities()` checks before the ask become per-request reads (MRTR.md section 3):
  // a 2026-era client sends its capabilities on every request, and the old call's fallback branch must still run.
  const capabilityReads = capabilityReadsIn(branch ? [...before, branch.getExpression()] : before, analysis);
  if (capabilityReads === null) return { kind: 'review', reason: 'guarded-ask' };
  const params = sites.map(({ call }, i) => paramsOf(call, methods[i]!));
  // `replaced`: completion notifiers the rewrite turns into `async () => {}`, which may run again on every round.
  const allowed = new Set<Node>([...capabilityReads, ...replaced]);
  if (
    !before.every((b) => isReplaySafeStatement(b, allowed) || isExitOnlyBranch(b, allowed)) ||
    !params.every((p) => isReplaySafeExpression(p)) ||
    (branch && !isReplaySafeExpression(branch.getExpression(), allowed))
  ) {
    return { kind: 'review', reason: 'repeated-effects' };
  }
  const context = contextOf(fn, analysis);
  if (!context) return { kind: 'review', reason: 'ask-not-statement' };
  const asks = asksOf(
    sites.map((s) => s.call),
    builders as Builder[],
    params,
    bindings,
    registration,
    (b) => b?.name,
    // Write-once: no state binds an answer to this handler, so the key itself is unique to the tool.
    keyScopeOf(registration, fn),
  );
  if ('reason' in asks) return asks;
  // In a try/catch, the old call's "client does not support ..." error reached the catch block (the fallback):
  // the rewrite throws that same error for clients without the capability.
  const throwUnsupported = inTry
    ? unsupportedError(sites[0]!.call, builders[0]!, methods[0]!, registration, fn)
    : undefined;
  if (inTry && !throwUnsupported) return { kind: 'review', reason: 'guarded-ask' };
  return {
    kind: 'explicit',
    plan: {
      asks,
      handler: fn,
      registration,
      statements,
      ...context,
      capabilityReads,
      ...(throwUnsupported ? { throwUnsupported } : {}),
    },
  };
}

type RoundShape =
  { statements: Node[]; bindings: Array<Binding | undefined>; inTry: boolean; branch?: IfStatement } | Review;

/** A single ask: a statement of the handler body, or the first statements of a `try` there (its catch is the fallback). */
function singleAsk({ call, guards }: HandlerSite, body: Node, analysis: MrtrAnalysis): RoundShape {
  if (guards.some((g) => g !== 'capability-check' && g !== 'try-catch'))
    return { kind: 'review', reason: 'guarded-ask' };
  const statement = statementOf(call.node);
  const tryStatement = statement.getParent()?.getParent();
  const inTry =
    !!tryStatement &&
    Node.isTryStatement(tryStatement) &&
    tryStatement.getTryBlock() === statement.getParent() &&
    tryStatement.getParent() === body &&
    !!tryStatement.getCatchClause();
  // In the then-block of a body-level `if`: with a pure condition, a retry takes the branch exactly when the first round did.
  const branch = statement.getParent()?.getParent();
  const inBranch =
    !inTry &&
    !!branch &&
    Node.isIfStatement(branch) &&
    branch.getThenStatement() === statement.getParent() &&
    Node.isBlock(statement.getParent()!) &&
    branch.getParent() === body &&
    !guards.includes('try-catch');
  if (statement.getParent() !== body && !inTry && !inBranch)
    return guards.includes('try-catch')
      ? { kind: 'review', reason: 'guarded-ask' }
      : { kind: 'review', reason: 'ask-not-statement' };
  const binding = bindingOf(statement, call.node, analysis);
  if (binding === null) return { kind: 'review', reason: 'ask-not-statement' };
  return {
    statements: [statement],
    bindings: [binding],
    inTry,
    ...(inBranch ? { branch: branch as IfStatement } : {}),
  };
}

/**
 * Several asks in one round, as the original asked them: all elements of one `Promise.all([...])`, or
 * consecutive statements of the handler body where no ask's parameters use an earlier answer and nothing
 * runs in between. Anything else needs a step function (several-asks).
 */
function oneRound(sites: HandlerSite[], body: Node & { getStatements(): Node[] }, analysis: MrtrAnalysis): RoundShape {
  const calls = sites.map((s) => s.call.node);
  if (sites.some(({ guards }) => guards.some((g) => g !== 'capability-check' && g !== 'promise-all')))
    return { kind: 'review', reason: 'several-asks' };
  const first = statementOf(calls[0]!);
  const all = parallelAsks(first, calls, analysis);
  if (all) return { statements: [first], bindings: all, inTry: false };
  const statements = calls.map(statementOf);
  const index = statements.map((st) => body.getStatements().indexOf(st as never));
  if (index.some((i, k) => i < 0 || (k > 0 && i !== index[k - 1]! + 1)))
    return { kind: 'review', reason: 'several-asks' };
  const bindings: Array<Binding | undefined> = [];
  for (const [k, statement] of statements.entries()) {
    const binding = bindingOf(statement, calls[k]!, analysis);
    if (binding === null) return { kind: 'review', reason: 'several-asks' };
    bindings.push(binding);
  }
  // Independent: no ask reads a name bound by an earlier one (property names are not reads).
  for (const [k, call] of calls.entries()) {
    const earlier = bindings
      .slice(0, k)
      .flatMap((b) => (b ? [...b.name.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]) : []));
    const reads = call.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
      const parent = id.getParent();
      return !(
        parent &&
        (Node.isPropertyAssignment(parent) || Node.isPropertyAccessExpression(parent)) &&
        parent.getNameNode() === id
      );
    });
    if (reads.some((id) => earlier.includes(id.getText()))) return { kind: 'review', reason: 'several-asks' };
  }
  return { statements, bindings, inTry: false };
}

/** `const [a, b] = await Promise.all([askA, askB])` holding exactly these asks, in order. */
function parallelAsks(statement: Node, calls: Node[], analysis: MrtrAnalysis): Array<Binding | undefined> | undefined {
  if (!Node.isVariableStatement(statement) || statement.getDeclarations().length !== 1) return undefined;
  const declaration = statement.getDeclarations()[0]!;
  const init = declaration.getInitializer();
  const awaited = init && Node.isAwaitExpression(init) ? init.getExpression() : undefined;
  if (!awaited || !Node.isCallExpression(awaited) || awaited.getExpression().getText() !== 'Promise.all')
    return undefined;
  const array = awaited.getArguments()[0];
  if (!array || !Node.isArrayLiteralExpression(array)) return undefined;
  const elements = array.getElements().map(unwrap);
  if (elements.length !== calls.length || elements.some((e, i) => e !== calls[i])) return undefined;
  const pattern = declaration.getNameNode();
  if (!Node.isArrayBindingPattern(pattern)) return undefined;
  const keyword = statement.getDeclarationKind() as Binding['keyword'];
  const bindings: Array<Binding | undefined> = [];
  for (const [i] of elements.entries()) {
    const element = pattern.getElements()[i];
    if (!element || Node.isOmittedExpression(element)) {
      bindings.push(undefined);
      continue;
    }
    const name = element.getNameNode();
    if (!Node.isIdentifier(name) || element.getInitializer() || element.getDotDotDotToken()) return undefined;
    bindings.push({ name: name.getText(), keyword, onlyFields: onlyFieldUses(element, name.getText(), analysis) });
  }
  return bindings;
}

/** The capability check and error of the old call (the v2 SDK's own wording), when the server is reachable. */
function unsupportedError(
  call: PushCall,
  builder: Builder,
  method: string,
  registration: Registration,
  fn: FunctionNode,
): ExplicitPlan['throwUnsupported'] {
  const server = registration.lowLevelServer;
  // `this.server` inside a `function` callback is another `this`; names and arrow callbacks are safe.
  if (
    !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(server) ||
    (server.startsWith('this.') && !Node.isArrowFunction(fn))
  )
    return undefined;
  // A method of its own kind (not a generic sender): the SDK's own capability check, with its own wording.
  const row = pushMethodNamed(method);
  const direct = !!row?.kind && !row.notifier;
  if (builder === 'elicit')
    return direct
      ? { capability: 'form', message: 'Client does not support form elicitation.', server }
      : {
          capability: 'elicitation',
          message: `Client does not support elicitation (required for ${PUSH_KINDS.elicitation.method})`,
          server,
        };
  if (builder === 'elicitUrl')
    return direct
      ? { capability: 'url', message: 'Client does not support url elicitation.', server }
      : {
          capability: 'elicitation',
          message: `Client does not support elicitation (required for ${PUSH_KINDS.elicitation.method})`,
          server,
        };
  if (builder === 'createMessage') {
    const params = paramsOf(call, method);
    const literal = params ? constValue(params) : undefined;
    // Sampling with tools needs sampling.tools, checked with other words; not covered.
    if (
      !literal ||
      !Node.isObjectLiteralExpression(literal) ||
      literal.getProperty('tools') ||
      literal.getProperty('toolChoice')
    )
      return undefined;
    return {
      capability: 'sampling',
      message: `Client does not support sampling (required for ${PUSH_KINDS.sampling.method})`,
      server,
    };
  }
  return {
    capability: 'roots',
    message: `Client does not support listing roots (required for ${PUSH_KINDS.roots.method})`,
    server,
  };
}
