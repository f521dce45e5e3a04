import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { IfStatement } from 'ts-morph';
import type { MrtrAnalysis, Chain } from '../analyse/classify.js';
import type { PushCall } from '../detect/findPushCalls.js';
import { enclosingFunction, referencesTo, type FunctionNode } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import { statementOf } from '../rewrite/kit/insertMarker.js';
import type { ReasonId } from '../reasons.js';
import { isReplaySafeExpression, isReplaySafeStatement } from '../analyse/replaySafe.js';
import { RESULT_SCHEMA_KINDS } from '../constants.js';
import { constValue, simpleName, stringValue, unwrap } from '../analyse/symbols.js';

export type Builder = 'elicit' | 'elicitUrl' | 'createMessage' | 'listRoots';

export type Binding = { name: string; keyword: 'const' | 'let' | 'var'; onlyFields: boolean; pattern?: boolean };

/** One ask of a round. */
export interface Ask {
  call: PushCall;
  /** `x` in `const x = await ask(...)` (or one element of `const [x, y] = await Promise.all([...])`). */
  binding?: Binding;
  builder: Builder;
  /** The request params node (absent for roots). */
  params?: Node;
  /** For form elicitation: the requested schema, to validate accepted content as the old call did. */
  schema?: { node: Node };
  key: string;
}

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
  throwUnsupported?: { capability: 'form' | 'url' | 'elicitation' | 'sampling' | 'roots'; message: string; server: string };
}

export type ExplicitVerdict = { plan: ExplicitPlan } | { reason: ReasonId } | undefined;

const GENERIC_NAMES = new Set(['r', 'res', 'result', 'response', 'answer', 'reply', 'resp', 'out', 'data', 'x', 'value', 'ret']);
const KIND_WORD = { elicitation: 'ask', sampling: 'sample', roots: 'roots' } as const;

/** Whether a site's ask is written in the handler it serves (its only chain is that handler's own frame). */
export function isDirectAsk({ call, chains }: HandlerSite): boolean {
  const registration = chains[0]?.registration;
  return !!registration && enclosingFunction(call.node) === handlerOf(registration) && chains.every((c) => c.registration === registration);
}

/** The registered callback: inline, or the function a name refers to (`registerTool('x', config, handleX)`). */
export function handlerOf(registration: Registration): Node | undefined {
  const callback = unwrap(registration.callback);
  if (!Node.isIdentifier(callback)) return callback;
  const declaration = callback.getSymbol()?.getDeclarations()[0];
  if (declaration && Node.isFunctionDeclaration(declaration)) return declaration;
  const init = declaration && Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
  return init ? unwrap(init) : undefined;
}

/** A site found in a handler, with what classification learned about it. */
export interface HandlerSite {
  call: PushCall;
  chains: Chain[];
  guards: string[];
}

/**
 * Can the asks of one handler be rewritten in the SDK's explicit form and stay equivalent? Only v2 asks
 * written at statement level in the handler body, with nothing around them that the explicit form cannot
 * express (races, loops, .catch) and only replay-safe code before them (the handler runs again from the
 * top on the retry). Several asks qualify when they form one round: `Promise.all([...])`, or consecutive
 * statements whose parameters do not use an earlier answer. Undefined: no strategy for these forms yet.
 */
export function planExplicit(sites: HandlerSite[], analysis: MrtrAnalysis, replaced: Node[] = []): ExplicitVerdict {
  const several = sites.length > 1;
  if (sites.some(({ call }) => call.sdk !== 'v2' || call.reason)) return several ? { reason: 'several-asks' } : undefined;
  const methods = sites.map(({ call }) => call.form.split('.').pop() ?? '');
  if (!several && isTaskAugmented(sites[0]!.call, methods[0]!)) return { reason: 'task-augmented' };
  const builders = sites.map(({ call }, i) => builderOf(call, methods[i]!));
  if (builders.some((b) => !b)) return several ? { reason: 'several-asks' } : undefined;
  const registration = sites[0]!.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !sites.every(isDirectAsk)) return { reason: 'ask-in-helper' };
  const fn = handler as FunctionNode;
  const body = (fn as { getBody?: () => Node | undefined }).getBody?.();
  if (!body || !Node.isBlock(body)) return { reason: 'ask-not-statement' };
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
  if (capabilityReads === null) return { reason: 'guarded-ask' };
  const params = sites.map(({ call }, i) => paramsOf(call, methods[i]!));
  // `replaced`: completion notifiers the rewrite turns into `async () => {}`, which may run again on every round.
  const allowed = new Set<Node>([...capabilityReads, ...replaced]);
  if (
    !before.every((b) => isReplaySafeStatement(b, allowed) || isExitOnlyBranch(b, allowed)) ||
    !params.every((p) => isReplaySafeExpression(p)) ||
    (branch && !isReplaySafeExpression(branch.getExpression(), allowed))
  ) {
    return { reason: 'repeated-effects' };
  }
  const context = contextOf(fn, analysis);
  if (!context) return { reason: 'ask-not-statement' };
  const asks = asksOf(sites.map((s) => s.call), builders as Builder[], params, bindings, registration, (b) => b?.name);
  if ('reason' in asks) return asks;
  // In a try/catch, the old call's "client does not support ..." error reached the catch block (the fallback):
  // the rewrite throws that same error for clients without the capability.
  const throwUnsupported = inTry ? unsupportedError(sites[0]!.call, builders[0]!, methods[0]!, registration, fn) : undefined;
  if (inTry && !throwUnsupported) return { reason: 'guarded-ask' };
  return { plan: { asks, handler: fn, registration, statements, ...context, capabilityReads, ...(throwUnsupported ? { throwUnsupported } : {}) } };
}

type RoundShape = { statements: Node[]; bindings: Array<Binding | undefined>; inTry: boolean; branch?: IfStatement } | { reason: ReasonId };

/** A single ask: a statement of the handler body, or the first statements of a `try` there (its catch is the fallback). */
function singleAsk({ call, guards }: HandlerSite, body: Node, analysis: MrtrAnalysis): RoundShape {
  if (guards.some((g) => g !== 'capability-check' && g !== 'try-catch')) return { reason: 'guarded-ask' };
  const statement = statementOf(call.node);
  const tryStatement = statement.getParent()?.getParent();
  const inTry =
    !!tryStatement && Node.isTryStatement(tryStatement) && tryStatement.getTryBlock() === statement.getParent() && tryStatement.getParent() === body && !!tryStatement.getCatchClause();
  // In the then-block of a body-level `if`: with a pure condition, a retry takes the branch exactly when the first round did.
  const branch = statement.getParent()?.getParent();
  const inBranch =
    !inTry && !!branch && Node.isIfStatement(branch) && branch.getThenStatement() === statement.getParent() && Node.isBlock(statement.getParent()!) && branch.getParent() === body && !guards.includes('try-catch');
  if (statement.getParent() !== body && !inTry && !inBranch) return guards.includes('try-catch') ? { reason: 'guarded-ask' } : { reason: 'ask-not-statement' };
  const binding = bindingOf(statement, call.node, analysis);
  if (binding === null) return { reason: 'ask-not-statement' };
  return { statements: [statement], bindings: [binding], inTry, ...(inBranch ? { branch: branch as IfStatement } : {}) };
}

/**
 * Several asks in one round, as the original asked them: all elements of one `Promise.all([...])`, or
 * consecutive statements of the handler body where no ask's parameters use an earlier answer and nothing
 * runs in between. Anything else needs a step function (several-asks).
 */
function oneRound(sites: HandlerSite[], body: Node & { getStatements(): Node[] }, analysis: MrtrAnalysis): RoundShape {
  const calls = sites.map((s) => s.call.node);
  if (sites.some(({ guards }) => guards.some((g) => g !== 'capability-check' && g !== 'promise-all'))) return { reason: 'several-asks' };
  const first = statementOf(calls[0]!);
  const all = parallelAsks(first, calls, analysis);
  if (all) return { statements: [first], bindings: all, inTry: false };
  const statements = calls.map(statementOf);
  const index = statements.map((st) => body.getStatements().indexOf(st as never));
  if (index.some((i, k) => i < 0 || (k > 0 && i !== index[k - 1]! + 1))) return { reason: 'several-asks' };
  const bindings: Array<Binding | undefined> = [];
  for (const [k, statement] of statements.entries()) {
    const binding = bindingOf(statement, calls[k]!, analysis);
    if (binding === null) return { reason: 'several-asks' };
    bindings.push(binding);
  }
  // Independent: no ask reads a name bound by an earlier one (property names are not reads).
  for (const [k, call] of calls.entries()) {
    const earlier = bindings.slice(0, k).flatMap((b) => (b ? [...b.name.matchAll(/[A-Za-z_$][\w$]*/g)].map((m) => m[0]) : []));
    const reads = call.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
      const parent = id.getParent();
      return !(parent && (Node.isPropertyAssignment(parent) || Node.isPropertyAccessExpression(parent)) && parent.getNameNode() === id);
    });
    if (reads.some((id) => earlier.includes(id.getText()))) return { reason: 'several-asks' };
  }
  return { statements, bindings, inTry: false };
}

/** `const [a, b] = await Promise.all([askA, askB])` holding exactly these asks, in order. */
function parallelAsks(statement: Node, calls: Node[], analysis: MrtrAnalysis): Array<Binding | undefined> | undefined {
  if (!Node.isVariableStatement(statement) || statement.getDeclarations().length !== 1) return undefined;
  const declaration = statement.getDeclarations()[0]!;
  const init = declaration.getInitializer();
  const awaited = init && Node.isAwaitExpression(init) ? init.getExpression() : undefined;
  if (!awaited || !Node.isCallExpression(awaited) || awaited.getExpression().getText() !== 'Promise.all') return undefined;
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
export function isExitOnlyBranch(statement: Node, allowed: ReadonlySet<Node>): boolean {
  if (!Node.isIfStatement(statement) || statement.getElseStatement() || !isReplaySafeExpression(statement.getExpression(), allowed)) return false;
  const then = statement.getThenStatement();
  const last = Node.isBlock(then) ? then.getStatements().at(-1) : then;
  return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
}

/** Every `getClientCapabilities()` call in the statements, when each is on a proven SDK server; null otherwise. */
export function capabilityReadsIn(statements: Node[], analysis: MrtrAnalysis): Node[] | null {
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

/** A request with `params.task`: the client answers with a task to poll (the experimental tasks of SDK 1.x). */
export function isTaskAugmented(call: PushCall, method: string): boolean {
  const literal = paramsOf(call, method);
  const value = literal ? constValue(literal) : undefined;
  return !!value && Node.isObjectLiteralExpression(value) && !!value.getProperty('task');
}

export function builderOf(call: PushCall, method: string): Builder | undefined {
  // `send(request, CustomSchema)` expects another result shape (e.g. a task result): not the plain answer.
  const schema = Node.isCallExpression(call.node) && (method === 'send' || method === 'request' || method === 'sendRequest') ? call.node.getArguments()[1] : undefined;
  if (schema && !((simpleName(unwrap(schema)) ?? '') in RESULT_SCHEMA_KINDS)) return undefined;
  // Task-augmented requests (`task: { ttl }`) answer with a task, not the result: no explicit form.
  if (isTaskAugmented(call, method)) return undefined;
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
export function paramsOf(call: PushCall, method: string): Node | undefined {
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

/** The request options of an ask (`elicitInput(params, { timeout })`, `send(request, Schema, options)`), if any. */
export function optionsArgumentOf(call: PushCall): Node | undefined {
  if (!Node.isCallExpression(call.node)) return undefined;
  const method = call.form.split('.').pop() ?? '';
  return call.node.getArguments()[method === 'send' || method === 'request' || method === 'sendRequest' ? 2 : 1];
}

/** `const x = await ask(...)` -> binding; `await ask(...);` -> undefined; anything else -> null. */
export function bindingOf(statement: Node, ask: Node, analysis: MrtrAnalysis): Binding | undefined | null {
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
  return { name: nameNode.getText(), keyword, onlyFields: onlyFieldUses(declaration, nameNode.getText(), analysis) };
}

/** Whether every use of an answer reads only `.action` / `.content` (the answer view can then stand in for it). */
function onlyFieldUses(declaration: Node, name: string, analysis: MrtrAnalysis): boolean {
  return referencesTo(analysis.project, declaration, name).every((ref) => {
    const parent = ref.getParent();
    return !!parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref && ['action', 'content'].includes(parent.getName());
  });
}

function unwrapParens(node: Node): Node {
  return Node.isParenthesizedExpression(node) ? unwrapParens(node.getExpression()) : node;
}

/** The handler's way to `ctx.mcpReq`, adding a context parameter when the callback declares none. */
export function contextOf(fn: FunctionNode, analysis: MrtrAnalysis): Pick<ExplicitPlan, 'mcpReq' | 'addContext'> | undefined {
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
export function schemaOf(params: Node | undefined): Ask['schema'] | null | undefined {
  const literal = params ? constValue(params) : undefined;
  if (!literal || !Node.isObjectLiteralExpression(literal)) return null;
  const property = literal.getProperty('requestedSchema');
  if (!property) return undefined;
  if (Node.isPropertyAssignment(property)) return { node: property.getInitializerOrThrow() };
  if (Node.isShorthandPropertyAssignment(property)) return { node: property.getNameNode() };
  return null;
}

/**
 * The asks of a handler, each with its requested schema (to validate accepted form content as the old call
 * did) and a readable key unique in the handler (`name`, `name_2`, ...), named by `keyName` of its binding.
 */
export function asksOf(
  calls: PushCall[],
  builders: Builder[],
  params: Array<Node | undefined>,
  bindings: Array<Binding | undefined>,
  registration: Registration,
  keyName: (binding: Binding | undefined) => string | undefined,
): Ask[] | { reason: ReasonId } {
  const asks: Ask[] = [];
  const keys = new Set<string>();
  for (const [i, call] of calls.entries()) {
    const builder = builders[i]!;
    let schema: Ask['schema'];
    // Only `elicitInput` validated accepted content against requestedSchema; a plain request (`send`,
    // `sendRequest`, `request`) checked the result's shape only, so its rewrite must not add validation.
    if (builder === 'elicit' && /(^|\.)elicitInput$/.test(call.form)) {
      const found = schemaOf(params[i]);
      if (found === null) return { reason: 'unknown-schema' };
      schema = found;
    }
    const binding = bindings[i];
    const base = keyOf(keyName(binding), call, registration);
    let key = base;
    for (let n = 2; keys.has(key); n++) key = `${base}_${n}`;
    keys.add(key);
    asks.push({ call, ...(binding ? { binding } : {}), builder, ...(params[i] ? { params: params[i] } : {}), ...(schema ? { schema } : {}), key });
  }
  return asks;
}

/** A readable key, unique in its handler: the result's name, or `<kind>_<handler>`. */
export function keyOf(binding: string | undefined, call: PushCall, registration: Registration): string {
  const word = KIND_WORD[call.kind];
  // `ask_<handler>`, unless the handler's name already says it (`ask_email`, `sample`): no `ask_ask_email`.
  const byHandler = registration.name === word || registration.name.startsWith(`${word}_`) ? registration.name : `${word}_${registration.name}`;
  const base = binding && /^[A-Za-z_$][\w$]*$/.test(binding) && !GENERIC_NAMES.has(binding) ? binding : byHandler;
  const key = base.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').toLowerCase();
  return /^[a-z_]/.test(key) ? key : `k_${key}`;
}

/**
 * Whether the old sampling call was typed as one content block (`CreateMessageResult`): the low-level
 * `createMessage` whose params are a literal without `tools`, or a request validated by `CreateMessageResultSchema`.
 */
export function singleBlockSampling(ask: Ask): boolean {
  const call = ask.call.node;
  if (!Node.isCallExpression(call)) return false;
  const schema = call.getArguments()[1];
  if (schema && schema.getText() === 'CreateMessageResultSchema') return true;
  if (!/(^|\.)createMessage$/.test(ask.call.form)) return false;
  const params = ask.params;
  return !!params && Node.isObjectLiteralExpression(params) && params.getProperties().every((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && p.getName() !== 'tools');
}
