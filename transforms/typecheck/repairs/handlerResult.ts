// A low-level handler whose result the user typed loosely (`inputSchema: Record<string, unknown>`, a content block's
// `type: string`, `nextCursor: string | null`, a resource's `text: unknown`): v1's `setRequestHandler(Schema, fn)`
// took any result, v2's `setRequestHandler('tools/list', fn)` types it by its method, and the call no longer
// type-checks. The values are the ones the original sent, so each returned expression whose type is not the method's
// result is asserted to it (`return { tools } as ListToolsResult`), with the type imported from the SDK package:
// nothing changes at run time. Only a function written in the call, or a function of the error's file it names, and
// only where the assertion itself compiles (the loop undoes a round that does not lower the count).
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { sdkTypeImport } from './sdkTypeImport.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

/** The SDK's result type of each request method a server handles with a result of its own. */
const RESULT_TYPES: Record<string, string> = {
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

export const handlerResult: TypedRepair = {
  id: 'handler-result',
  codes: [2345, 2322, 2352],
  repair({ ts, checker, node, file, code }) {
    if (code === 2352) return throughUnknown(ts, node, file);
    if (typeof checker.isTypeAssignableTo !== 'function') return undefined;
    const found = handlerOf(ts, node, file);
    if (!found) return undefined;
    const { handler, method } = found;
    const typeName = RESULT_TYPES[method];
    if (!typeName || !handler.body) return undefined;
    const expected = expectedResult(ts, checker, found.argument);
    if (!expected) return undefined;
    const isAsync = (ts.getCombinedModifierFlags(handler) & ts.ModifierFlags.Async) !== 0;
    const edits: TextEdit[] = [];
    const fallback: TextEdit[] = [];
    for (const returned of returnedExpressions(ts, handler)) {
      const type = checker.getTypeAtLocation(returned);
      const awaited = checker.getAwaitedType(type) ?? type;
      if (checker.isTypeAssignableTo(isAsync ? awaited : type, expected)) continue;
      // `return fetchResult(args)` in an async handler: a promise of the result, asserted as one (no `await` added:
      // inside a `try`, that would change which rejections its `catch` sees).
      const target = awaited !== type ? `Promise<${typeName}>` : typeName;
      const simple =
        ts.isParenthesizedExpression(returned) ||
        ts.isObjectLiteralExpression(returned) ||
        ts.isArrayLiteralExpression(returned) ||
        ts.isIdentifier(returned) ||
        ts.isCallExpression(returned) ||
        ts.isPropertyAccessExpression(returned) ||
        ts.isElementAccessExpression(returned);
      const start = returned.getStart(file);
      const end = returned.getEnd();
      for (const [list, through] of [
        [edits, ''],
        [fallback, 'unknown as '],
      ] as const) {
        if (!simple) list.push({ start, end: start, text: '(' });
        list.push({ start: end, end, text: `${simple ? '' : ')'} as ${through}${target}` });
      }
    }
    // `async (request): Promise<ToolResponse> => ...`: the project's own result type, written on the handler, is the
    // method's result now (its returns are asserted above).
    const annotation = handler.type;
    if (annotation) {
      const declared = checker.getTypeFromTypeNode(annotation);
      const declaredResult = isAsync ? (checker.getAwaitedType(declared) ?? declared) : declared;
      if (!checker.isTypeAssignableTo(declaredResult, expected)) {
        const text = isAsync ? `Promise<${typeName}>` : typeName;
        const span = { start: annotation.getStart(file), end: annotation.getEnd(), text };
        edits.push(span);
        fallback.push(span);
      }
    }
    if (edits.length === 0) return undefined;
    const imported = sdkTypeImport(ts, file, typeName);
    if (!imported) return undefined;
    return { edits: [...imported, ...edits], fallback: [...imported, ...fallback] };
  },
};

/**
 * A result assertion this repair wrote (`return x as ListToolsResult`, in a registration's handler) that the compiler
 * finds too far from the value's type (TS2352, a user's interface without an index signature): made through `unknown`.
 */
function throughUnknown(ts: TS, node: TypeScript.Node, file: TypeScript.SourceFile): { edits: TextEdit[] } | undefined {
  let assertion: TypeScript.Node | undefined = node;
  while (assertion && !ts.isAsExpression(assertion)) assertion = assertion.parent;
  if (!assertion || !ts.isAsExpression(assertion)) return undefined;
  const written = assertion.type.getText(file);
  const name = /^Promise<(\w+)>$/.exec(written)?.[1] ?? written;
  if (!Object.values(RESULT_TYPES).includes(name)) return undefined;
  if (!handlerOf(ts, assertion, file)) return undefined;
  const at = assertion.type.getStart(file);
  return { edits: [{ start: at, end: at, text: 'unknown as ' }] };
}

/**
 * The handler the error is in (or is): a function that is the second argument of `x.setRequestHandler('method', fn)`,
 * written there or named there and declared in the file, or the handler a replayed registration wraps
 * (`setRequestHandler('tools/call', withAsks(server, codec, fn))`).
 */
function handlerOf(
  ts: TS,
  node: TypeScript.Node,
  file: TypeScript.SourceFile,
): { handler: TypeScript.FunctionLikeDeclaration; method: string; argument: TypeScript.Expression } | undefined {
  for (let at: TypeScript.Node | undefined = node; at && at !== file; at = at.parent) {
    const call: TypeScript.Node | undefined = at.parent;
    if (!call || !ts.isCallExpression(call) || call.arguments[1] !== at) continue;
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'setRequestHandler') continue;
    const first = call.arguments[0];
    if (!first || !ts.isStringLiteralLike(first)) return undefined;
    const argument = at as TypeScript.Expression;
    if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument))
      return { handler: argument, method: first.text, argument };
    // `setRequestHandler('tools/call', withAsks(server, codec, async (request) => ...))`: the replayed handler.
    if (
      ts.isCallExpression(argument) &&
      ts.isIdentifier(argument.expression) &&
      argument.expression.text === 'withAsks'
    ) {
      const wrapped = argument.arguments[2];
      return wrapped && (ts.isArrowFunction(wrapped) || ts.isFunctionExpression(wrapped))
        ? { handler: wrapped, method: first.text, argument }
        : undefined;
    }
    if (!ts.isIdentifier(argument)) return undefined;
    // `server.setRequestHandler('tools/list', listTools)` with `async function listTools() { ... }` in the file.
    const declared = file.statements.find(
      (s): s is TypeScript.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === argument.text,
    );
    return declared ? { handler: declared, method: first.text, argument } : undefined;
  }
  return undefined;
}

/** What the registration takes as the handler's result: its parameter's return type, awaited. */
function expectedResult(
  ts: TS,
  checker: TypeScript.TypeChecker,
  argument: TypeScript.Expression,
): TypeScript.Type | undefined {
  const call = argument.parent as TypeScript.CallExpression;
  const signature = checker.getResolvedSignature(call);
  const parameter = signature?.getParameters()[1];
  if (!parameter) return undefined;
  const handlerType = checker.getTypeOfSymbolAtLocation(parameter, call);
  const handlerSignature = checker.getNonNullableType(handlerType).getCallSignatures()[0];
  if (!handlerSignature) return undefined;
  const result = handlerSignature.getReturnType();
  const awaited = checker.getAwaitedType(result) ?? result;
  return awaited.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) ? undefined : awaited;
}

/** The expressions the function returns: its own `return x` (not a nested function's), or an arrow's body. */
function returnedExpressions(ts: TS, fn: TypeScript.FunctionLikeDeclaration): TypeScript.Expression[] {
  const body = fn.body!;
  if (!ts.isBlock(body)) return [body];
  const found: TypeScript.Expression[] = [];
  const visit = (node: TypeScript.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}
