import { Node, SyntaxKind } from 'ts-morph';
import type { MrtrAnalysis, Chain } from './classify.js';
import type { PushCall } from './findPushCalls.js';
import { enclosingFunction, referencesTo, type FunctionNode } from './functions.js';
import type { Registration } from './handlers.js';
import { statementOf } from './insertMarker.js';
import type { ReasonId } from './reasons.js';
import { isReplaySafeExpression, isReplaySafeStatement } from './replaySafe.js';
import { constValue, stringValue, unwrap } from './symbols.js';

export type Builder = 'elicit' | 'elicitUrl' | 'createMessage' | 'listRoots';

/** Everything the explicit rewrite needs for one ask; computed before any edit (plan, then act). */
export interface ExplicitPlan {
  call: PushCall;
  handler: FunctionNode;
  registration: Registration;
  /** The statement holding the ask: `const x = await ask(...)` or `await ask(...)`. */
  statement: Node;
  /** `x` in `const x = await ask(...)`. */
  binding?: { name: string; keyword: 'const' | 'let' | 'var'; onlyFields: boolean; pattern?: boolean };
  /** How the handler reaches `ctx.mcpReq`: `ctx.mcpReq`, or a destructured `mcpReq`. */
  mcpReq: string;
  /** When the handler declares no context parameter yet: where to add it and its name. */
  addContext?: { start: number; end: number; text: string };
  builder: Builder;
  /** The request params node (absent for roots). */
  params?: Node;
  /** For form elicitation: the requested schema, to validate accepted content as the old call did. */
  schema?: { node: Node };
  key: string;
  /** `X.getClientCapabilities()` calls before the ask, to be read from the request instead. */
  capabilityReads: Node[];
  /** In a try/catch: the capability the old call required, the error it threw without it, and the server to ask in the 2025 era. */
  throwUnsupported?: { capability: 'form' | 'url' | 'elicitation' | 'sampling' | 'roots'; message: string; server: string };
}

export type ExplicitVerdict = { plan: ExplicitPlan } | { reason: ReasonId } | undefined;

const GENERIC_NAMES = new Set(['r', 'res', 'result', 'response', 'answer', 'reply', 'resp', 'out', 'data', 'x', 'value', 'ret']);
const KIND_WORD = { elicitation: 'ask', sampling: 'sample', roots: 'roots' } as const;

/**
 * Can this ask be rewritten in the SDK's explicit form and stay equivalent? Only v2 asks written at
 * statement level in the handler body, alone in their handler, with nothing around them that the explicit
 * form cannot express (error handling, races, loops, capability fallbacks) and only replay-safe code
 * before them (the handler runs again from the top on the retry). Undefined: no strategy for this form yet.
 */
export function planExplicit(call: PushCall, chains: Chain[], asksInHandler: number, guards: string[], analysis: MrtrAnalysis): ExplicitVerdict {
  if (call.sdk !== 'v2' || call.reason) return undefined;
  const method = call.form.split('.').pop() ?? '';
  const builder = builderOf(call, method);
  if (!builder) return undefined;
  const registration = chains[0]?.registration;
  const handler = registration ? unwrap(registration.callback) : undefined;
  if (!registration || !handler || enclosingFunction(call.node) !== handler || chains.some((c) => c.registration !== registration || c.frames.length !== 1)) {
    return { reason: 'ask-in-helper' };
  }
  if (asksInHandler > 1) return { reason: 'several-asks' };
  if (guards.some((g) => g !== 'capability-check' && g !== 'try-catch')) return { reason: 'guarded-ask' };
  const fn = handler as FunctionNode;
  const body = (fn as { getBody?: () => Node | undefined }).getBody?.();
  const statement = statementOf(call.node);
  if (!body || !Node.isBlock(body)) return { reason: 'ask-not-statement' };
  // The ask either stands in the handler body, or at the top level of a `try` block that does (the fallback).
  const tryStatement = statement.getParent()?.getParent();
  const inTry = !!tryStatement && Node.isTryStatement(tryStatement) && tryStatement.getTryBlock() === statement.getParent() && tryStatement.getParent() === body && !!tryStatement.getCatchClause();
  if (statement.getParent() !== body && !inTry) return guards.includes('try-catch') ? { reason: 'guarded-ask' } : { reason: 'ask-not-statement' };
  const binding = bindingOf(statement, call.node, analysis);
  if (binding === null) return { reason: 'ask-not-statement' };
  const outer = inTry ? (tryStatement as Node) : statement;
  const before = [
    ...body.getStatements().slice(0, body.getStatements().indexOf(outer as never)),
    ...(inTry ? (statement.getParent() as Node & { getStatements(): Node[] }).getStatements().slice(0, (statement.getParent() as Node & { getStatements(): Node[] }).getStatements().indexOf(statement)) : []),
  ];
  // `server.server.getClientCapabilities()` checks before the ask become per-request reads (MRTR.md section 3):
  // a 2026-era client sends its capabilities on every request, and the old call's fallback branch must still run.
  const capabilityReads = capabilityReadsIn(before, analysis);
  if (capabilityReads === null) return { reason: 'guarded-ask' };
  const params = paramsOf(call, method);
  const allowed = new Set<Node>(capabilityReads);
  if (!before.every((b) => isReplaySafeStatement(b, allowed) || isExitOnlyBranch(b, allowed)) || !isReplaySafeExpression(params)) {
    return { reason: 'repeated-effects' };
  }
  const context = contextOf(fn, analysis);
  if (!context) return { reason: 'ask-not-statement' };
  let schema: ExplicitPlan['schema'];
  if (builder === 'elicit') {
    const found = schemaOf(params);
    if (found === null) return { reason: 'unknown-schema' };
    schema = found;
  }
  const key = keyOf(binding?.name, call, registration);
  // In a try/catch, the old call's "client does not support ..." error reached the catch block (the fallback):
  // the rewrite throws that same error for clients without the capability.
  const throwUnsupported = inTry ? unsupportedError(call, builder, method, registration, fn) : undefined;
  if (inTry && !throwUnsupported) return { reason: 'guarded-ask' };
  return {
    plan: {
      call, handler: fn, registration, statement, ...(binding ? { binding } : {}), ...context, builder,
      ...(params ? { params } : {}), ...(schema ? { schema } : {}), key, capabilityReads,
      ...(throwUnsupported ? { throwUnsupported } : {}),
    },
  };
}

/** The capability check and error of the old call (the v2 SDK's own wording), when the server is reachable. */
function unsupportedError(call: PushCall, builder: Builder, method: string, registration: Registration, fn: FunctionNode): ExplicitPlan['throwUnsupported'] {
  const server = registration.lowLevelServer;
  // `this.server` inside a `function` callback is another `this`; names and arrow callbacks are safe.
  if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(server) || (server.startsWith('this.') && !Node.isArrowFunction(fn))) return undefined;
  const direct = method === 'elicitInput' || method === 'requestSampling' || method === 'createMessage' || method === 'listRoots';
  if (builder === 'elicit') return direct ? { capability: 'form', message: 'Client does not support form elicitation.', server } : { capability: 'elicitation', message: 'Client does not support elicitation (required for elicitation/create)', server };
  if (builder === 'elicitUrl') return direct ? { capability: 'url', message: 'Client does not support url elicitation.', server } : { capability: 'elicitation', message: 'Client does not support elicitation (required for elicitation/create)', server };
  if (builder === 'createMessage') {
    const params = paramsOf(call, method);
    const literal = params ? constValue(params) : undefined;
    // Sampling with tools needs sampling.tools, checked with other words; not covered.
    if (!literal || !Node.isObjectLiteralExpression(literal) || literal.getProperty('tools') || literal.getProperty('toolChoice')) return undefined;
    return { capability: 'sampling', message: 'Client does not support sampling (required for sampling/createMessage)', server };
  }
  return { capability: 'roots', message: 'Client does not support listing roots (required for roots/list)', server };
}

/**
 * `if (pureCondition) { ...; return x; }` before the ask: the condition is the same on every retry (same
 * params), so a round that takes the branch never asks, and its effects run once, as before.
 */
function isExitOnlyBranch(statement: Node, allowed: ReadonlySet<Node>): boolean {
  if (!Node.isIfStatement(statement) || statement.getElseStatement() || !isReplaySafeExpression(statement.getExpression(), allowed)) return false;
  const then = statement.getThenStatement();
  const last = Node.isBlock(then) ? then.getStatements().at(-1) : then;
  return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
}

/** Every `getClientCapabilities()` call in the statements, when each is on a proven SDK server; null otherwise. */
function capabilityReadsIn(statements: Node[], analysis: MrtrAnalysis): Node[] | null {
  const reads: Node[] = [];
  for (const statement of statements) {
    for (const call of statement.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'getClientCapabilities') continue;
      const receiver = analysis.origins.originOf(callee.getExpression());
      if (receiver?.role !== 'server' || call.getArguments().length > 0) return null;
      reads.push(call);
    }
  }
  return reads;
}

function builderOf(call: PushCall, method: string): Builder | undefined {
  if (call.kind === 'roots') return 'listRoots';
  if (call.kind === 'sampling') return 'createMessage';
  if (method === 'elicitInput' || method === 'send' || method === 'request') {
    const params = paramsOf(call, method);
    const literal = params ? constValue(params) : undefined;
    if (literal && Node.isObjectLiteralExpression(literal)) {
      const mode = literal.getProperty('mode');
      const value = mode && Node.isPropertyAssignment(mode) ? stringValue(mode.getInitializer()) : undefined;
      if (value === 'url') return 'elicitUrl';
      if (value !== undefined && value !== 'form') return undefined;
      return 'elicit';
    }
    return undefined;
  }
  return undefined;
}

/** The request params: the first argument of elicitInput/createMessage, `params` of a request object. */
function paramsOf(call: PushCall, method: string): Node | undefined {
  if (!Node.isCallExpression(call.node)) return undefined;
  const first = call.node.getArguments()[0];
  if (method === 'send' || method === 'request' || method === 'sendRequest') {
    const request = first ? constValue(first) : undefined;
    if (!request || !Node.isObjectLiteralExpression(request)) return undefined;
    const params = request.getProperty('params');
    return params && Node.isPropertyAssignment(params) ? params.getInitializer() : undefined;
  }
  return call.kind === 'roots' ? undefined : first;
}

/** `const x = await ask(...)` -> binding; `await ask(...);` -> undefined; anything else -> null. */
function bindingOf(statement: Node, ask: Node, analysis: MrtrAnalysis): ExplicitPlan['binding'] | undefined | null {
  const isAwaitOfAsk = (expr: Node | undefined) => !!expr && Node.isAwaitExpression(unwrapParens(expr)) && unwrap(unwrapParens(expr)) === ask;
  if (Node.isExpressionStatement(statement)) return isAwaitOfAsk(statement.getExpression()) ? undefined : null;
  if (!Node.isVariableStatement(statement)) return null;
  const declarations = statement.getDeclarations();
  const declaration = declarations[0];
  if (declarations.length !== 1 || !declaration || !isAwaitOfAsk(declaration.getInitializer())) return null;
  const nameNode = declaration.getNameNode();
  const keyword = statement.getDeclarationKind() as 'const' | 'let' | 'var';
  // `const { roots } = await server.server.listRoots()`: the pattern takes the rebuilt result apart as before.
  if (Node.isObjectBindingPattern(nameNode) || Node.isArrayBindingPattern(nameNode)) return { name: nameNode.getText(), keyword, onlyFields: false, pattern: true };
  if (!Node.isIdentifier(nameNode)) return null;
  const uses = referencesTo(analysis.project, declaration, nameNode.getText());
  const onlyFields = uses.every((ref) => {
    const parent = ref.getParent();
    return !!parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref && ['action', 'content'].includes(parent.getName());
  });
  return { name: nameNode.getText(), keyword, onlyFields };
}

function unwrapParens(node: Node): Node {
  return Node.isParenthesizedExpression(node) ? unwrapParens(node.getExpression()) : node;
}

/** The handler's way to `ctx.mcpReq`, adding a context parameter when the callback declares none. */
function contextOf(fn: FunctionNode, analysis: MrtrAnalysis): Pick<ExplicitPlan, 'mcpReq' | 'addContext'> | undefined {
  const context = analysis.contextParameterOf(fn);
  if (!context) return undefined;
  const parameters = fn.getParameters();
  const parameter = parameters[context.index];
  if (parameter && Node.isParameterDeclaration(parameter)) {
    const name = parameter.getNameNode();
    if (Node.isIdentifier(name)) return { mcpReq: `${name.getText()}.mcpReq` };
    if (Node.isObjectBindingPattern(name)) {
      const element = name.getElements().find((e) => (e.getPropertyNameNode() ?? e.getNameNode()).getText() === 'mcpReq');
      const local = element?.getNameNode();
      return local && Node.isIdentifier(local) ? { mcpReq: local.getText() } : undefined;
    }
    return undefined;
  }
  if (parameters.length !== context.index || !Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const taken = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  const name = ['ctx', 'mcpCtx', 'requestCtx'].find((n) => !taken.has(n));
  if (!name) return undefined;
  const close = fn.getFirstChildByKind(SyntaxKind.CloseParenToken);
  if (!close) {
    // `async args => ...`: the single parameter gets parentheses along with the context.
    const only = parameters[0];
    if (!only || parameters.length !== 1) return undefined;
    return { mcpReq: `${name}.mcpReq`, addContext: { start: only.getStart(), end: only.getEnd(), text: `(${only.getText()}, ${name})` } };
  }
  return { mcpReq: `${name}.mcpReq`, addContext: { start: close.getStart(), end: close.getStart(), text: parameters.length === 0 ? name : `, ${name}` } };
}

/**
 * The requestedSchema of form params, to validate accepted answers as the old call did. The v2 `elicitInput`
 * takes a JSON Schema only (a plain object, a const, or a function building one), so it is always validated
 * through `fromJsonSchema`.
 */
function schemaOf(params: Node | undefined): ExplicitPlan['schema'] | null | undefined {
  const literal = params ? constValue(params) : undefined;
  if (!literal || !Node.isObjectLiteralExpression(literal)) return null;
  const property = literal.getProperty('requestedSchema');
  if (!property) return undefined;
  if (Node.isPropertyAssignment(property)) return { node: property.getInitializerOrThrow() };
  if (Node.isShorthandPropertyAssignment(property)) return { node: property.getNameNode() };
  return null;
}

/** A readable key, unique in its handler: the result's name, or `<kind>_<handler>`. */
function keyOf(binding: string | undefined, call: PushCall, registration: Registration): string {
  const base = binding && /^[A-Za-z_$][\w$]*$/.test(binding) && !GENERIC_NAMES.has(binding) ? binding : `${KIND_WORD[call.kind]}_${registration.name}`;
  const key = base.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase();
  return /^[a-z_]/.test(key) ? key : `k_${key}`;
}
