import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import { nodeFromCompilerNode } from '../../../lib/tsMorphInternals.js';
import type { SourceFile, VariableDeclaration } from 'ts-morph';
import type { SiteKind } from '../../../lib/model.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { PushCall } from '../analyse/pushCall.js';
import type { Role } from '../constants.js';
import {
  ASK_METHODS,
  PUSH_METHODS,
  REQUEST_METHOD_KINDS,
  REQUEST_SENDERS,
  RESULT_SCHEMA_KINDS,
} from '../pushMethods.js';
import { registrationOf } from '../analyse/handlers.js';
import { isWrittenAt } from '../analyse/provenReads.js';
import type { Origin } from '../analyse/origins.js';
import { isMockUse } from './mockUses.js';
import { identifierAt, outermostOf, sdkNameOf, unwrap, wordOffsets } from '../analyse/symbols.js';
import {
  namedDeclarationOf,
  parameterCalls,
  projectFunctionOf,
  referencesTo,
  type ProjectFunction,
} from '../analyse/functions.js';
import type { Use } from '../analyse/valueUses.js';
import { memberAccesses, requestSent } from './calls.js';
import { findFrameworkCalls } from './findFrameworkCalls.js';
import { findUnprovenCalls } from './findUnprovenCalls.js';

const RECEIVER_LABEL: Record<Role, string> = {
  'mcp-server': 'mcpServer',
  server: 'server',
  context: 'extra',
  'mcp-req': 'ctx.mcpReq',
  'request-sender': 'sendRequest',
};

/** Every push-style server->client request in a file whose receiver is proven to be the SDK's. */
export function findPushCalls(sourceFile: SourceFile, analysis: MrtrAnalysis): PushCall[] {
  const found: PushCall[] = [];
  const seen = new Set<Node>();
  const add = (call: PushCall) => {
    if (seen.has(call.node)) return;
    seen.add(call.node);
    found.push(call);
  };

  for (const [method, info] of Object.entries(PUSH_METHODS)) {
    for (const access of memberAccesses(sourceFile, method)) {
      if (isMockUse(access) || isPresenceCheck(access)) continue;
      const origin = analysis.origins.originOf(access.getExpression());
      if (!origin || !info.roles.includes(origin.role)) continue;
      for (const call of pushMethodCalls(access, method, info.kind, origin, analysis)) add(call);
    }
  }

  for (const [method, roles] of Object.entries(REQUEST_SENDERS)) {
    for (const access of memberAccesses(sourceFile, method)) {
      const call = access.getParent();
      if (!call || !Node.isCallExpression(call)) continue;
      // The sender passed as a value (`clarify(topic, extra.sendRequest)`) is found where it is called (below).
      if (call.getExpression() !== access) continue;
      // What is sent first: most `request(...)` calls send something else (a JSON-RPC client's, a wallet's), and
      // proving their receiver costs far more than reading their arguments.
      const request = requestSent(call);
      if (!request) continue;
      const origin = analysis.origins.originOf(access.getExpression());
      if (!origin || !roles.includes(origin.role)) continue;
      const form = `${receiverLabel(origin)}.${method}`;
      add({
        node: call,
        kind: request.kind,
        form,
        sdk: origin.sdk,
        ...(request.dynamic ? { reason: 'dynamic-request' as const } : {}),
      });
    }
  }

  for (const call of callsThroughSender(sourceFile, analysis)) add(call);

  for (const offset of wordOffsets(sourceFile, 'UrlElicitationRequiredError')) {
    const identifier = identifierAt(sourceFile, offset);
    const construct = identifier?.getParent();
    if (!construct || !Node.isNewExpression(construct) || construct.getExpression() !== identifier) continue;
    const sdk = sdkNameOf(analysis.project, identifier!);
    if (sdk?.name !== 'UrlElicitationRequiredError') continue;
    const thrown = construct.getParentIfKind(SyntaxKind.ThrowStatement) ? 'throw new' : 'new';
    add({ node: construct, kind: 'elicitation', form: `${thrown} UrlElicitationRequiredError`, sdk: sdk.major });
  }

  for (const access of memberAccesses(sourceFile, 'setNotificationHandler')) {
    const call = access.getParent();
    if (!call || !Node.isCallExpression(call)) continue;
    const registration = registrationOf(call, analysis.origins);
    if (registration?.method !== 'notifications/roots/list_changed') continue;
    add({
      node: call,
      kind: 'roots',
      form: 'setNotificationHandler(roots/list_changed)',
      sdk: registration.sdk,
      reason: 'roots-list-changed',
    });
  }

  // A framework's own API, then calls the analysis could not prove: each only where no proven site is.
  for (const call of findFrameworkCalls(sourceFile, analysis)) add(call);
  for (const call of findUnprovenCalls(sourceFile, seen, analysis.project)) add(call);
  return found.sort((a, b) => a.node.getStart() - b.node.getStart());
}

function pushMethodCalls(
  access: Node,
  method: string,
  kind: SiteKind,
  origin: Origin,
  analysis: MrtrAnalysis,
): PushCall[] {
  // `const ask = server.elicitInput; ... ask.call(server, params)`: reported where it is called, once per call. Called
  // on the server it was read from, it is that server's ask (replay rewrites it in place); otherwise it stays
  // `indirect-call`.
  const stored = storedMethodCalls(access);
  if (stored.length > 0)
    return stored.map(({ call, how, sameReceiver }) =>
      sameReceiver && ASK_METHODS[method] && ASK_METHODS[method] !== 'request'
        ? { node: call, kind, form: `${receiverLabel(origin)}.${method}`, sdk: origin.sdk, receiverArgument: true }
        : {
            node: call,
            kind,
            form: `${receiverLabel(origin)}.${method}${how}`,
            sdk: origin.sdk,
            reason: 'indirect-call',
          },
    );
  // Kept in a local that is only checked (`typeof ask !== 'function'`, as a migrated `ask.call(server, ...)` leaves
  // it): no request is made through it.
  if (onlyCheckedLocal(access)) return [];
  // `return server.elicitInput.bind(server)` from a getter, then `const ask = getAsk(server); await ask(params)`:
  // reported where the bound method is called, when every use of it in the file is a call.
  const bound = boundMethodCalls(access, analysis);
  // Handed to a project function every caller hands the same server's method bound to it: the calls of its parameter
  // are that server's asks (replay rewrites them in place).
  const asks =
    ASK_METHODS[method] && ASK_METHODS[method] !== 'request' && boundToParameterOnly(access, method, analysis);
  // A parameter no longer called (its asks were migrated): the bound method handed to it makes no request.
  if (asks && bound.length === 0 && unusedParameter(access, analysis)) return [];
  if (bound.length > 0)
    return bound.map((call) =>
      asks
        ? {
            node: call,
            kind,
            form: `${receiverLabel(origin)}.${method}`,
            sdk: origin.sdk,
            boundParameter: true as const,
          }
        : {
            node: call,
            kind,
            form: `${receiverLabel(origin)}.${method}.bind (called)`,
            sdk: origin.sdk,
            reason: 'indirect-call' as const,
          },
    );
  return [pushMethodCall(access, method, kind, origin)];
}

/** The calls of `x.method.bind(x)`'s result, followed through returns and locals; none unless every use is a call in this file. */
function boundMethodCalls(access: Node, analysis: MrtrAnalysis): Node[] {
  const bind = access.getParent();
  const call = bind?.getParent();
  if (!bind || !Node.isPropertyAccessExpression(bind) || bind.getName() !== 'bind') return [];
  if (!call || !Node.isCallExpression(call) || call.getExpression() !== bind) return [];
  const file = access.getSourceFile();
  // Handed to a project function (`elicitEcho(server.server.elicitInput.bind(server.server), extra)`): the calls of
  // its parameter in that function's body are the bound method's calls.
  const uses = analysis
    .usesOfValue(call)
    .flatMap((use) => (use.kind === 'passed' ? (parameterUses(use.call, call, analysis) ?? [use]) : [use]));
  if (uses.length === 0 || !uses.every((use) => use.kind === 'call' && use.call.getSourceFile() === file)) return [];
  return uses.flatMap((use) => (use.kind === 'call' ? [use.call] : []));
}

/**
 * `helper(server.server.elicitInput.bind(server.server), extra)` where every other call of `helper` (a test's too)
 * passes, at the same place, the same method bound to the server it is read from: the parameter is only ever that ask.
 */
function boundToParameterOnly(access: Node, method: string, analysis: MrtrAnalysis): boolean {
  const handoff = boundHandoff(access, analysis);
  const named = handoff ? namedDeclarationOf(handoff.fn) : undefined;
  if (!handoff || !named) return false;
  // A test's call counts too: a fake it injects would no longer be called.
  return referencesTo(analysis.project, named.declaration, named.name).every((reference) => {
    const caller = reference.getParent();
    if (!caller || !Node.isCallExpression(caller) || caller.getExpression() !== reference) return false;
    return isSelfBound(caller.getArguments()[handoff.index], method, analysis);
  });
}

/** The parameter of the project function `x.method.bind(x)` is handed to, when nothing in that function reads it. */
function unusedParameter(access: Node, analysis: MrtrAnalysis): boolean {
  const handoff = boundHandoff(access, analysis);
  const parameter = handoff?.fn.getParameters()[handoff.index];
  if (!handoff || !parameter || !Node.isParameterDeclaration(parameter) || !Node.isIdentifier(parameter.getNameNode()))
    return false;
  const found = parameterCalls(handoff.fn, parameter);
  return 'calls' in found && found.calls.length === 0;
}

/** `helper(x.method.bind(x), ...)` with `helper` a function declared in the project: it, and where the method goes. */
function boundHandoff(access: Node, analysis: MrtrAnalysis): { fn: ProjectFunction; index: number } | undefined {
  const bind = access.getParent();
  const call = bind?.getParent();
  if (!bind || !Node.isPropertyAccessExpression(bind) || !call || !Node.isCallExpression(call)) return undefined;
  const passedTo = outermostOf(call).getParent();
  if (!passedTo || !Node.isCallExpression(passedTo)) return undefined;
  const callee = unwrap(passedTo.getExpression());
  const fn = Node.isIdentifier(callee) ? projectFunctionOf(analysis.project, callee) : undefined;
  const index = passedTo.getArguments().findIndex((a) => a === outermostOf(call) || a === call);
  return fn && index >= 0 ? { fn, index } : undefined;
}

/** `X.<method>.bind(X)` (casts allowed) on a server the analysis proves is the SDK's. */
function isSelfBound(argument: Node | undefined, method: string, analysis: MrtrAnalysis): boolean {
  const value = argument ? unwrap(argument) : undefined;
  if (!value || !Node.isCallExpression(value)) return false;
  const bind = unwrap(value.getExpression());
  if (!Node.isPropertyAccessExpression(bind) || bind.getName() !== 'bind') return false;
  const member = unwrap(bind.getExpression());
  if (!Node.isPropertyAccessExpression(member) || member.getName() !== method) return false;
  const receiver = unwrap(member.getExpression());
  const [self, ...rest] = value.getArguments();
  if (!self || rest.length > 0 || unwrap(self).getText() !== receiver.getText()) return false;
  const origin = analysis.origins.originOf(receiver);
  return !!origin && !!PUSH_METHODS[method]?.roles.includes(origin.role);
}

/**
 * The direct calls of the parameter a project function receives `value` in, as uses (`await elicitInput({...})` in
 * `async function elicitEcho(elicitInput, extra)`); undefined when the callee is not a function declared in the project
 * or the parameter is used other than by direct calls.
 */
function parameterUses(passedTo: Node, value: Node, analysis: MrtrAnalysis): Use[] | undefined {
  if (!Node.isCallExpression(passedTo)) return undefined;
  const callee = unwrap(passedTo.getExpression());
  const fn = Node.isIdentifier(callee) ? projectFunctionOf(analysis.project, callee) : undefined;
  const index = passedTo.getArguments().findIndex((argument) => outermostOf(value) === argument || value === argument);
  const parameter = index >= 0 ? fn?.getParameters()[index] : undefined;
  if (!fn || !parameter || !Node.isParameterDeclaration(parameter) || parameter.isRestParameter()) return undefined;
  if (!Node.isIdentifier(parameter.getNameNode())) return undefined;
  const found = parameterCalls(fn, parameter);
  return 'other' in found ? undefined : found.calls.map((call) => ({ kind: 'call' as const, call }));
}

/**
 * The calls of a local that a push method was stored in (`const ask = server.elicitInput`): `ask(...)`, `ask.call(...)`,
 * `ask.apply(...)`. `sameReceiver`: the local is a `const` and `.call` passes the receiver it was read from (the same
 * text: `ask.call(server, params)`), so the call is that server's method call.
 */
function storedMethodCalls(access: Node): Array<{ call: Node; how: string; sameReceiver: boolean }> {
  const declaration = access.getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || declaration.getInitializer() !== access) return [];
  const name = declaration.getNameNode();
  if (!Node.isIdentifier(name)) return [];
  const constant = declaration.getVariableStatement()?.getDeclarationKind() === 'const';
  const receiver = Node.isPropertyAccessExpression(access) ? unwrap(access.getExpression()).getText() : undefined;
  const calls: Array<{ call: Node; how: string; sameReceiver: boolean }> = [];
  for (const reference of localReads(declaration)) {
    // `(ask as (p: Params) => Promise<Result>).call(server, params)`: through the wrappers that keep the value.
    const value = outermostOf(reference);
    const parent = value.getParent();
    if (parent && Node.isCallExpression(parent) && parent.getExpression() === value)
      calls.push({ call: parent, how: ' (stored)', sameReceiver: false });
    if (!parent || !Node.isPropertyAccessExpression(parent) || !['call', 'apply'].includes(parent.getName())) continue;
    const outer = parent.getParent();
    if (!outer || !Node.isCallExpression(outer) || outer.getExpression() !== parent) continue;
    const first = outer.getArguments()[0];
    const sameReceiver =
      constant && parent.getName() === 'call' && !!first && !!receiver && unwrap(first).getText() === receiver;
    calls.push({ call: outer, how: `.${parent.getName()}`, sameReceiver });
  }
  return calls;
}

/** `const ask = server.elicitInput` whose every read is a presence check (isPresenceCheck). */
function onlyCheckedLocal(access: Node): boolean {
  const declaration = access.getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || declaration.getInitializer() !== access) return false;
  if (
    !Node.isIdentifier(declaration.getNameNode()) ||
    declaration.getVariableStatement()?.getDeclarationKind() !== 'const'
  )
    return false;
  const reads = localReads(declaration);
  return reads.length > 0 && reads.every((read) => isPresenceCheck(read));
}

/** The references to a local in its block (or file). */
function localReads(declaration: VariableDeclaration): Node[] {
  const name = declaration.getNameNode();
  const symbol = name.getSymbol();
  const scope =
    declaration.getFirstAncestor((n) => Node.isBlock(n) || Node.isSourceFile(n)) ?? declaration.getSourceFile();
  return scope
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => id !== name && id.getText() === name.getText() && id.getSymbol() === symbol);
}

/**
 * A method read only to see whether it is there (`typeof server.listRoots === 'function'`, `if (server.elicitInput)`,
 * `server?.createMessage && ...` in a condition): no request is made, so it is no site.
 */
function isPresenceCheck(access: Node): boolean {
  let node: Node = access;
  for (;;) {
    const parent = node.getParent();
    if (!parent) return false;
    if (Node.isTypeOfExpression(parent)) return true;
    const logical =
      Node.isBinaryExpression(parent) &&
      [SyntaxKind.AmpersandAmpersandToken, SyntaxKind.BarBarToken].includes(parent.getOperatorToken().getKind());
    const negation = Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.ExclamationToken;
    if (logical || negation || Node.isParenthesizedExpression(parent)) {
      node = parent;
      continue;
    }
    return (
      ((Node.isIfStatement(parent) || Node.isWhileStatement(parent) || Node.isConditionalExpression(parent)) &&
        (Node.isConditionalExpression(parent) ? parent.getCondition() : parent.getExpression()) === node) ||
      false
    );
  }
}

function pushMethodCall(access: Node, method: string, kind: SiteKind, origin: Origin): PushCall {
  const form = `${receiverLabel(origin)}.${method}`;
  const parent = access.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getExpression() === access) {
    return { node: parent, kind, form, sdk: origin.sdk };
  }
  // `.call(...)`, `.bind(...)`, `const ask = server.elicitInput`, a method passed as a value: not followed.
  if (parent && Node.isPropertyAccessExpression(parent) && ['call', 'apply', 'bind'].includes(parent.getName())) {
    const outer = parent.getParent();
    return {
      node: outer && Node.isCallExpression(outer) ? outer : parent,
      kind,
      form: `${form}.${parent.getName()}`,
      sdk: origin.sdk,
      reason: 'indirect-call',
    };
  }
  return { node: access, kind, form: `${form} (as a value)`, sdk: origin.sdk, reason: 'indirect-call' };
}

/** A name bound by an object pattern (`{ mcpReq: { send } }`), written nowhere else. */
function isDestructured(callee: Node): boolean {
  if (!Node.isIdentifier(callee)) return false;
  const declarations = callee.getSymbol()?.getDeclarations() ?? [];
  if (declarations.length !== 1 || !Node.isBindingElement(declarations[0]!)) return false;
  const name = callee.getText();
  const scope = declarations[0]!.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a));
  return !(scope ?? callee.getSourceFile())
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((id) => id.getText() === name && id.getSymbol() === callee.getSymbol() && isWrittenAt(id));
}

function receiverLabel(origin: Origin): string {
  if (origin.role === 'context' && origin.sdk === 'v2') return 'ctx';
  return RECEIVER_LABEL[origin.role];
}

/**
 * Requests made by calling the context's request function as a value: `sendRequest({ method: 'elicitation/create',
 * ... })` where `sendRequest` was destructured from the handler's context or handed to a helper as
 * `extra.sendRequest` (as the reference "everything" server's research tool does). Only calls whose arguments name
 * a push-style method or result schema are checked.
 */
function callsThroughSender(sourceFile: SourceFile, analysis: MrtrAnalysis): PushCall[] {
  const text = sourceFile.getFullText();
  const words = [...Object.keys(REQUEST_METHOD_KINDS), ...Object.keys(RESULT_SCHEMA_KINDS)];
  if (!words.some((word) => text.includes(word))) return [];
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    // The call's own text names the method or the result schema (a request object built elsewhere is not read).
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments.length > 0) {
      const callText = text.slice(node.arguments.pos, node.arguments.end);
      if (words.some((word) => callText.includes(word))) calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile.compilerNode);
  const found: PushCall[] = [];
  for (const compilerCall of calls) {
    const call = nodeFromCompilerNode(sourceFile, compilerCall);
    const request = requestSent(call);
    if (!request || !Node.isCallExpression(call)) continue;
    const origin = analysis.origins.originOf(call.getExpression());
    if (origin?.role !== 'request-sender') continue;
    const sender = origin.sdk === 'v2' ? 'ctx.mcpReq.send' : 'extra.sendRequest';
    // Destructured from the context itself (`{ mcpReq: { send } }`): the context's own function, called as the method
    // would be (the SDK's `send` is an arrow function, with no `this`). Handed in as a value, it may be any function.
    if (origin.sdk === 'v2' && isDestructured(call.getExpression())) {
      found.push({ node: call, kind: request.kind, form: sender, sdk: origin.sdk, destructuredSender: true });
      continue;
    }
    const form = `${call.getExpression().getText()} (${sender} as a value)`;
    found.push({ node: call, kind: request.kind, form, sdk: origin.sdk, reason: 'indirect-call' });
  }
  return found;
}
