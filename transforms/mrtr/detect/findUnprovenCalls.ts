import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import type { CallExpression, ObjectLiteralExpression, SourceFile } from 'ts-morph';
import type { SdkMajor } from '../../../lib/model.js';
import type { PushCall } from '../analyse/pushCall.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { declaredTypeOf, memberTypeOf, parameterTypeOf } from '../analyse/declaredTypes.js';
import {
  constValue,
  declarationsOf,
  identifierAt,
  importedModuleOf,
  sdkImportOf,
  simpleName,
  unwrap,
  wordOffsets,
} from '../analyse/symbols.js';
import { REPLAY_RUNTIME_NAME, sdkMajorOfModule } from '../constants.js';
import { REQUEST_SENDERS, UNPROVEN_METHODS, type PushMethod } from '../pushMethods.js';
import { memberAccesses, requestSent } from './calls.js';
import { receiverText } from './findFrameworkCalls.js';

/**
 * Calls the analysis could not prove to be the SDK's, but that cannot be anything else: a push method with the SDK's
 * argument shape (`{ message, requestedSchema }`, `{ mode: 'url', url }`, `{ messages, maxTokens }`), one on a
 * receiver cast to `any` in a file that imports MCP code, or a generic sender with a literal push-style method.
 * Review items (`unproven-receiver`): they are never rewritten, since nothing proves what the receiver is.
 */
export function findUnprovenCalls(
  sourceFile: SourceFile,
  proven: ReadonlySet<Node>,
  project: AnalysisProject,
): PushCall[] {
  const found: PushCall[] = [];
  // The replay runtime this tool writes keeps the old push path for asks outside a request: not the user's asks.
  if (sourceFile.getBaseNameWithoutExtension() === REPLAY_RUNTIME_NAME) return found;
  let sdk: SdkMajor | undefined;
  let mcpFile: boolean | undefined;
  for (const row of UNPROVEN_METHODS) {
    const { name: method, kind } = row;
    for (const access of memberAccesses(sourceFile, method)) {
      // `server.createMessage!(...)` on an optional member calls through the non-null assertion.
      const callee = access.getParentIfKind(SyntaxKind.NonNullExpression) ?? access;
      const call = callee.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== callee || proven.has(call)) {
        for (const stored of storedMethodCalls(access, row, proven)) {
          sdk ??= sdkOfFile(sourceFile);
          const form = `${stored.getExpression().getText()} (${receiverText(access.getExpression())}.${method} as a value)`;
          found.push({ node: stored, kind, form, sdk, reason: 'unproven-receiver' });
        }
        continue;
      }
      const receiver = access.getExpression();
      if (isMigratedForm(receiver) || implementsItself(receiver, method)) continue;
      // The SDK's own name for it, with an id: no other API spells it so, in a file importing MCP code.
      const notifier = row.notifier === true && call.getArguments().length > 0 && (mcpFile ??= importsMcp(sourceFile));
      const shaped =
        notifier ||
        sdkShaped(row, call.getArguments(), receiver) ||
        ((mcpFile ??= importsMcp(sourceFile)) && sdkTyped(project, row, call.getArguments(), receiver));
      // A cast to `any` says the author knows the SDK has the method where the type does not show it.
      const cast =
        !shaped && row.unproven === 'shape-or-cast' && isAnyCast(receiver) && (mcpFile ??= importsMcp(sourceFile));
      if (!shaped && !cast) continue;
      sdk ??= sdkOfFile(sourceFile);
      found.push({ node: call, kind, form: `${receiverText(receiver)}.${method}`, sdk, reason: 'unproven-receiver' });
    }
  }
  // A generic sender with MCP's own method name (`extra.sendRequest({ method: 'elicitation/create', ... })`): no other
  // protocol names its requests so. `roots/list` is a name other JSON-RPC clients may use: only in a file that
  // imports MCP code.
  const mcpSender = (kind: string) => kind !== 'roots' || (mcpFile ??= importsMcp(sourceFile));
  const senders = Object.keys(REQUEST_SENDERS);
  for (const method of senders) {
    for (const access of memberAccesses(sourceFile, method)) {
      const call = access.getParent();
      if (!call || !Node.isCallExpression(call) || call.getExpression() !== access || proven.has(call)) continue;
      const request = requestSent(call);
      if (!request || request.dynamic || isMigratedForm(access.getExpression()) || !mcpSender(request.kind)) continue;
      const form = `${receiverText(access.getExpression())}.${method}`;
      sdk ??= sdkOfFile(sourceFile);
      found.push({ node: call, kind: request.kind, form, sdk, reason: 'unproven-receiver' });
    }
  }
  for (const call of senderParameterCalls(sourceFile, proven)) {
    const request = requestSent(call);
    if (!request || request.dynamic || !mcpSender(request.kind)) continue;
    sdk ??= sdkOfFile(sourceFile);
    const form = `${call.getExpression().getText()} (a parameter)`;
    found.push({ node: call, kind: request.kind, form, sdk, reason: 'unproven-receiver' });
  }
  return found;
}

/**
 * A push method read into a local (`const fn = sdkContext.elicitInput;`) on a receiver nothing proves, then called
 * with the SDK's argument shape in the same function (`fn({ message, requestedSchema })`): each such call. A spread
 * in `createMessage`'s params may carry `maxTokens`, so `messages` and a spread count as its shape here.
 */
function storedMethodCalls(access: Node, row: PushMethod, proven: ReadonlySet<Node>): CallExpression[] {
  const declaration = access.getParent();
  if (!declaration || !Node.isVariableDeclaration(declaration) || declaration.getInitializer() !== access) return [];
  const name = declaration.getNameNode();
  if (!Node.isIdentifier(name)) return [];
  const scope = declaration.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a));
  if (!scope) return [];
  const calls: CallExpression[] = [];
  for (const identifier of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    const call = identifier.getParent();
    if (identifier === name || identifier.getText() !== name.getText()) continue;
    if (!call || !Node.isCallExpression(call) || call.getExpression() !== identifier || proven.has(call)) continue;
    const first = call.getArguments()[0] ? constValue(call.getArguments()[0]!) : undefined;
    const spread =
      row.kind === 'sampling' &&
      first !== undefined &&
      Node.isObjectLiteralExpression(first) &&
      has(first, 'messages') &&
      first.getProperties().some((p) => Node.isSpreadAssignment(p));
    if (spread || sdkShaped(row, call.getArguments(), access.getChildAtIndex(0))) calls.push(call);
  }
  return calls;
}

/**
 * Calls of a parameter named like a sender (`sendRequest(...)`, `request(...)`), except in a function the file passes
 * a proven sender to: that one is reported where it is passed (`indirect-call`).
 */
function senderParameterCalls(sourceFile: SourceFile, proven: ReadonlySet<Node>): CallExpression[] {
  const calls: CallExpression[] = [];
  for (const name of Object.keys(REQUEST_SENDERS)) {
    for (const offset of wordOffsets(sourceFile, name)) {
      const identifier = identifierAt(sourceFile, offset);
      const call = identifier?.getParent();
      if (!identifier || !call || !Node.isCallExpression(call) || call.getExpression() !== identifier) continue;
      const parameter = identifier.getSymbol()?.getDeclarations()[0];
      if (!parameter || !Node.isParameterDeclaration(parameter)) continue;
      if (receivesProvenSender(parameter.getParentOrThrow(), proven)) continue;
      calls.push(call);
    }
  }
  return calls;
}

/** Whether a proven sender is passed, in this file, to a call of the function by its name. */
function receivesProvenSender(fn: Node, proven: ReadonlySet<Node>): boolean {
  const name = Node.isFunctionDeclaration(fn)
    ? fn.getName()
    : fn.getParentIfKind(SyntaxKind.VariableDeclaration)?.getName();
  if (!name) return false;
  for (const node of proven) {
    const call = node.getParent();
    if (
      call &&
      Node.isCallExpression(call) &&
      call.getArguments().includes(node) &&
      simpleName(call.getExpression()) === name
    )
      return true;
  }
  return false;
}

/**
 * The MRTR forms themselves: an SDK export that is not a receiver (`inputRequired.createMessage(...)`), and the
 * replay runtime's `ask` (`ask.elicitInput(...)`, what the migration writes in place of an ask).
 */
function isMigratedForm(receiver: Node): boolean {
  const target = unwrap(receiver);
  if (!Node.isIdentifier(target)) return false;
  return (target.getSymbol()?.getDeclarations() ?? []).some(
    (d) => sdkImportOf(d) !== undefined || (importedModuleOf(d) ?? '').includes(REPLAY_RUNTIME_NAME),
  );
}

/**
 * A look-alike the analysis can see: the receiver's type is a class or object literal of the analysed code that
 * defines the method itself (a local test double, a mock `{ elicitInput: vi.fn() }`). An interface or a type the
 * analysis cannot read (a duck type, `any`, a package's type) proves nothing either way.
 */
function implementsItself(receiver: Node, method: string): boolean {
  const declarations = unwrap(receiver).getType().getSymbol()?.getDeclarations() ?? [];
  return declarations.some((d) => {
    if (Node.isClassDeclaration(d) || Node.isClassExpression(d))
      return d.getInstanceMethod(method)?.hasBody() === true || d.getInstanceProperty(method) !== undefined;
    if (Node.isObjectLiteralExpression(d)) return d.getProperty(method) !== undefined;
    return false;
  });
}

/** Whether the arguments have the shape only the SDK's method takes. */
function sdkShaped(row: PushMethod, args: Node[], receiver: Node): boolean {
  // A notifier takes an id, not a question: its shape is read where it is found.
  if (row.notifier) return false;
  const first = args[0] ? constValue(args[0]) : undefined;
  const params = first && Node.isObjectLiteralExpression(first) ? first : undefined;
  switch (row.kind) {
    case 'elicitation':
      return (
        !!params &&
        (has(params, 'requestedSchema') ||
          (literalOf(params, 'mode') === 'url' && has(params, 'url')) ||
          (literalOf(params, 'mode') === 'form' && has(params, 'message')))
      );
    case 'sampling':
      return (
        !!params &&
        has(params, 'messages') &&
        ['maxTokens', 'includeContext', 'modelPreferences'].some((name) => has(params, name))
      );
    case 'roots':
      // No arguments (or empty params) is the SDK's call; the receiver must still read like a server or context.
      return (
        (args.length === 0 || (!!params && params.getProperties().length === 0)) &&
        /server|mcp|extra|ctx|context|session/i.test(unwrap(receiver).getText())
      );
    default:
      return false;
  }
}

/**
 * A push method whose question is declared with the SDK's own params type (the project's annotations, read by name):
 * the argument's (`params: CreateMessageRequest['params']`, or a call to a function declared to return one), or the
 * first parameter of the receiver's declared method (a project interface that names the SDK's subset it needs:
 * `interface SamplingServer { createMessage(params: CreateMessageRequest['params']): ... }`).
 */
function sdkTyped(project: AnalysisProject, row: PushMethod, args: Node[], receiver: Node): boolean {
  const names = row.paramsTypes;
  const first = args[0];
  if (!names || !first || Node.isObjectLiteralExpression(unwrap(first))) return false;
  const namesSdkType = (type: Node | undefined) =>
    !!type &&
    [type, ...type.getDescendantsOfKind(SyntaxKind.Identifier)].some((id) => {
      if (!Node.isIdentifier(id) || !names.includes(id.getText())) return false;
      return declarationsOf(project, id).some((d) => sdkImportOf(d) !== undefined);
    });
  if (namesSdkType(declaredTypeOf(project, first))) return true;
  const signature = memberTypeOf(project, declaredTypeOf(project, receiver), row.name);
  return namesSdkType(parameterTypeOf(project, signature, 0));
}

function has(params: ObjectLiteralExpression, name: string): boolean {
  return params.getProperty(name) !== undefined;
}

function literalOf(params: ObjectLiteralExpression, name: string): string | undefined {
  const property = params.getProperty(name);
  if (!property || !Node.isPropertyAssignment(property)) return undefined;
  const value = unwrap(property.getInitializerOrThrow());
  return Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)
    ? value.getLiteralValue()
    : undefined;
}

/** `(server as any)`, `<any>server`, `(server as unknown as any)`. */
function isAnyCast(receiver: Node): boolean {
  for (let node: Node = receiver; ;) {
    if (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node)) node = node.getExpression();
    else if (Node.isAsExpression(node) || Node.isTypeAssertion(node))
      return node.getTypeNode()?.getKind() === SyntaxKind.AnyKeyword;
    else return false;
  }
}

function moduleSpecifiers(sourceFile: SourceFile): string[] {
  const specifiers = sourceFile.getImportDeclarations().map((d) => d.getModuleSpecifierValue());
  // On the compiler's nodes: wrapping every call of a file (ts-morph keeps each wrapper for the run) cost more than
  // the rest of a look-alike file's analysis.
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const arg = node.arguments[0];
      const loads =
        (ts.isIdentifier(callee) && callee.getText(sourceFile.compilerNode) === 'require') ||
        callee.kind === SyntaxKind.ImportKeyword;
      if (loads && arg && ts.isStringLiteral(arg)) specifiers.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile.compilerNode, visit);
  return specifiers;
}

/** The file imports MCP code: an `@modelcontextprotocol` package, or any module whose name or path says `mcp`. */
function importsMcp(sourceFile: SourceFile): boolean {
  return moduleSpecifiers(sourceFile).some((specifier) => /mcp|modelcontextprotocol/i.test(specifier));
}

/** The SDK major the file imports, if it imports one. */
function sdkOfFile(sourceFile: SourceFile): SdkMajor {
  for (const specifier of moduleSpecifiers(sourceFile)) {
    const major = sdkMajorOfModule(specifier);
    if (major) return major;
  }
  return 'unknown';
}
