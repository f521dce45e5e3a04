import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Type, TypeNode } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { isFunctionNode } from '../analyse/functions.js';
import { memberDeclarationsOf } from '../analyse/provenReads.js';
import { declaredTypeOf } from '../analyse/declaredTypes.js';
import { declarationsOf, unwrap } from '../analyse/symbols.js';

/**
 * What a step's result is, for the journal: plain JSON (or nothing), a value that may be large (an array of records),
 * one JSON cannot carry (`why`), or one whose type the analysis cannot read (`unknown`: journaled all the same, the
 * runtime's step refusing at its first round a value JSON cannot carry). `promise`: the expression itself is a
 * promise (not awaited where it stands).
 */
export type JournalType =
  { kind: 'json'; promise: boolean } | { kind: 'large' | 'not' | 'unknown'; why: string; promise: boolean };

/** Calls of the platform whose result the analysis knows without the standard library's types. */
const KNOWN_RESULTS: Record<string, JournalType> = {
  'Date.now': { kind: 'json', promise: false },
  'Math.random': { kind: 'json', promise: false },
  'performance.now': { kind: 'json', promise: false },
  randomUUID: { kind: 'json', promise: false },
  'crypto.randomUUID': { kind: 'json', promise: false },
  randomInt: { kind: 'json', promise: false },
  'crypto.randomInt': { kind: 'json', promise: false },
  fetch: { kind: 'not', why: 'a fetch Response (a stream)', promise: true },
  setTimeout: { kind: 'not', why: 'a timer handle', promise: false },
  setInterval: { kind: 'not', why: 'a timer handle', promise: false },
};
/** Methods that give text whatever their receiver: `new Date().toISOString()`. */
const TEXT_METHODS = new Set(['toISOString', 'toString', 'toFixed', 'toLocaleString', 'toJSON']);
/** Array methods whose result is one of the elements, or some of them. */
const ELEMENT_METHODS = new Set([
  'find',
  'findLast',
  'at',
  'pop',
  'shift',
  'filter',
  'slice',
  'toSorted',
  'toReversed',
]);
/** Types that name a handle, a stream or a connection. */
const HANDLE_TYPES =
  /^(Promise|PromiseLike|Readable|Writable|Duplex|Stream|ReadableStream|WritableStream|Socket|Server|ChildProcess|Response|Request|Buffer|Uint8Array|ArrayBuffer|Map|Set|WeakMap|WeakSet|Date|RegExp|Error)\b/;
const JSON_TYPE: JournalType = { kind: 'json', promise: false };
const MAX_DEPTH = 4;

/** The journal type of an expression's value once awaited (what a step around it returns). */
export function journalTypeOf(expression: Node, project: AnalysisProject, depth = 0): JournalType {
  const value = strip(expression);
  if (Node.isAwaitExpression(value)) return { ...journalTypeOf(value.getExpression(), project, depth), promise: false };
  if (
    Node.isStringLiteral(value) ||
    Node.isNoSubstitutionTemplateLiteral(value) ||
    Node.isTemplateExpression(value) ||
    Node.isNumericLiteral(value) ||
    Node.isPrefixUnaryExpression(value) ||
    Node.isPostfixUnaryExpression(value) ||
    Node.isTypeOfExpression(value)
  )
    return JSON_TYPE;
  if (Node.isBinaryExpression(value)) {
    const op = value.getOperatorToken().getKind();
    // `x = effect()`: the value assigned.
    if (op === SyntaxKind.EqualsToken) return journalTypeOf(value.getRight(), project, depth);
    if (op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment) return JSON_TYPE;
    // `id ?? randomUUID()`, `cached || fetched`: either operand's value.
    if (op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken)
      return combine([journalTypeOf(value.getLeft(), project, depth), journalTypeOf(value.getRight(), project, depth)]);
    // `org && !allowed(org)`: the left operand's value only when it is falsy, and every falsy value is a primitive.
    if (op === SyntaxKind.AmpersandAmpersandToken) return journalTypeOf(value.getRight(), project, depth);
    if (op === SyntaxKind.CommaToken) return journalTypeOf(value.getRight(), project, depth);
    // Every other operator (comparisons, `instanceof`, `in`, arithmetic, bitwise, `+`) gives a boolean, a number or
    // a string, whatever its operands are.
    return JSON_TYPE;
  }
  if (Node.isConditionalExpression(value))
    return combine([
      journalTypeOf(value.getWhenTrue(), project, depth),
      journalTypeOf(value.getWhenFalse(), project, depth),
    ]);
  if (Node.isArrayLiteralExpression(value)) {
    const elements = value.getElements().map((e) => journalTypeOf(e, project, depth + 1));
    if (value.getElements().some((e) => Node.isObjectLiteralExpression(strip(e))))
      return { kind: 'large', why: 'an array of records', promise: false };
    return combine(elements);
  }
  if (Node.isNewExpression(value))
    return {
      kind: 'not',
      why: `a \`new ${value.getExpression().getText()}\` (an object with behaviour)`,
      promise: false,
    };
  if (Node.isCallExpression(value)) {
    const known = callResultOf(value, project, depth);
    if (known) return known;
  }
  const checked = typeResult(value.getType(), value, 0);
  return checked.kind === 'unknown' ? (liveValueOf(value, project, depth) ?? checked) : checked;
}

/**
 * What the checker cannot type (a package's or the SDK's class, with no library), JavaScript may still say is not
 * plain data: a `const` holds what its initializer gave (`const server = new Server(...)`), and an object literal
 * holds its properties' values (`{ drive, context: { server } }`). Only that answer is taken: journaled, such a value
 * would make the runtime's step refuse the round at once, in every era.
 */
function liveValueOf(value: Node, project: AnalysisProject, depth: number): JournalType | undefined {
  if (depth >= MAX_DEPTH) return undefined;
  let parts: Node[] = [];
  if (Node.isIdentifier(value)) {
    const declarations = declarationsOf(project, value);
    const declaration = declarations.length === 1 ? declarations[0] : undefined;
    const init =
      declaration &&
      Node.isVariableDeclaration(declaration) &&
      declaration.getVariableStatement()?.getDeclarationKind() === 'const'
        ? declaration.getInitializer()
        : undefined;
    if (init) parts = [init];
  } else if (Node.isObjectLiteralExpression(value)) {
    for (const property of value.getProperties()) {
      if (Node.isPropertyAssignment(property) || Node.isSpreadAssignment(property)) {
        const part = Node.isPropertyAssignment(property) ? property.getInitializer() : property.getExpression();
        if (part) parts.push(part);
      } else if (Node.isShorthandPropertyAssignment(property)) parts.push(property.getNameNode());
      else return { kind: 'not', why: 'an object with a method', promise: false };
    }
  }
  const found = parts.map((part) => journalTypeOf(part, project, depth + 1)).find((r) => r.kind === 'not');
  return found ? { ...found, promise: false } : undefined;
}

function strip(node: Node): Node {
  let current = node;
  while (
    Node.isParenthesizedExpression(current) ||
    Node.isAsExpression(current) ||
    Node.isNonNullExpression(current) ||
    Node.isSatisfiesExpression(current)
  )
    current = current.getExpression();
  return current;
}

/** A call's result from the known platform calls, or from the project's declaration of the function it calls. */
function callResultOf(call: Node & { getExpression(): Node }, project: AnalysisProject, depth: number) {
  const callee = unwrap(call.getExpression());
  const known = KNOWN_RESULTS[callee.getText()];
  if (known) return known;
  if (Node.isPropertyAccessExpression(callee) && TEXT_METHODS.has(callee.getName())) return JSON_TYPE;
  // `tools.find((t) => t.name === name)` of an array whose elements JSON cannot carry: one of them.
  if (
    Node.isPropertyAccessExpression(callee) &&
    ELEMENT_METHODS.has(callee.getName()) &&
    depth < MAX_DEPTH &&
    isDeclaredArray(callee.getExpression(), project)
  ) {
    const elements = journalTypeOf(callee.getExpression(), project, depth + 1);
    if (elements.kind === 'not') return { ...elements, promise: false };
  }
  const name = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
  if (!Node.isIdentifier(name) || depth >= MAX_DEPTH) return undefined;
  const declarations = Node.isPropertyAccessExpression(callee)
    ? memberDeclarationsOf(project, callee)
    : declarationsOf(project, name);
  if (declarations.length !== 1) return undefined;
  let fn: Node = declarations[0]!;
  if (Node.isVariableDeclaration(fn) || Node.isPropertyAssignment(fn) || Node.isPropertyDeclaration(fn)) {
    const init = fn.getInitializer();
    fn = init ? unwrap(init) : fn;
  }
  if (!isFunctionNode(fn) && !Node.isMethodSignature(fn)) return undefined;
  const async = (fn as { isAsync?(): boolean }).isAsync?.() === true;
  const returnType = (fn as { getReturnTypeNode?(): TypeNode | undefined }).getReturnTypeNode?.();
  if (returnType) return typeNodeResult(returnType, async, typeArgumentsOf(fn, call));
  const body = (fn as { getBody?(): Node | undefined }).getBody?.();
  if (!body) return undefined;
  const returned = Node.isBlock(body)
    ? body
        .getDescendantsOfKind(SyntaxKind.ReturnStatement)
        .filter((r) => r.getFirstAncestor(isFunctionNode) === fn)
        .flatMap((r) => {
          const e = r.getExpression();
          return e ? [e] : [];
        })
    : [body];
  const results = returned.map((e) => journalTypeOf(e, project, depth + 1));
  return { ...combine(results), promise: async || results.some((r) => r.promise) };
}

/** An array literal, or a value the project's annotations declare an array (`T[]`, `Array<T>`, `readonly T[]`). */
function isDeclaredArray(value: Node, project: AnalysisProject): boolean {
  const node = strip(value);
  if (Node.isArrayLiteralExpression(node)) return true;
  let type = declaredTypeOf(project, node);
  if (type && Node.isTypeOperatorTypeNode(type)) type = type.getTypeNode();
  return (
    !!type &&
    (Node.isArrayTypeNode(type) ||
      (Node.isTypeReference(type) && /^(Readonly)?Array$/.test(type.getTypeName().getText())))
  );
}

/** Every result JSON, or the first that is not (one JSON cannot carry, then a large one, then an unknown one). */
function combine(results: JournalType[]): JournalType {
  return (
    results.find((r) => r.kind === 'not') ??
    results.find((r) => r.kind === 'large') ??
    results.find((r) => r.kind === 'unknown') ??
    JSON_TYPE
  );
}

/**
 * The type arguments of a call of a generic function, by its type parameters' names: `requestData<Limits>(url)` of
 * `requestData<T>(url): Promise<T>` gives T -> Limits; a type parameter the call does not name is `undefined` (its
 * type is inferred, which this reading does not do).
 */
function typeArgumentsOf(fn: Node, call: Node): Map<string, TypeNode | undefined> {
  const parameters = (fn as { getTypeParameters?(): Array<{ getName(): string }> }).getTypeParameters?.() ?? [];
  const args = Node.isCallExpression(call) ? call.getTypeArguments() : [];
  return new Map(parameters.map((p, i) => [p.getName(), args[i]]));
}

/**
 * A declared return type: `Promise<T>` is T (a promise), `T[]` of records may be large, other types by the checker;
 * a type parameter of the function is the call's type argument, or a type the analysis cannot read.
 */
function typeNodeResult(
  node: TypeNode,
  promise: boolean,
  typeArguments: ReadonlyMap<string, TypeNode | undefined> = new Map(),
): JournalType {
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName().getText();
    const args = node.getTypeArguments();
    if (typeArguments.has(name)) {
      const given = typeArguments.get(name);
      return given
        ? typeNodeResult(given, promise)
        : { kind: 'unknown', why: `a \`${name}\` the call does not name`, promise };
    }
    if ((name === 'Promise' || name === 'PromiseLike') && args[0])
      return { ...typeNodeResult(args[0], false, typeArguments), promise: true };
    if ((name === 'Array' || name === 'ReadonlyArray') && args[0])
      return { ...arrayResult(args[0].getType(), node, 0), promise };
    if (HANDLE_TYPES.test(name)) return { kind: 'not', why: `a \`${name}\``, promise };
  }
  if (Node.isArrayTypeNode(node)) return { ...arrayResult(node.getElementTypeNode().getType(), node, 0), promise };
  if (node.getKind() === SyntaxKind.VoidKeyword || node.getKind() === SyntaxKind.UndefinedKeyword)
    return { ...JSON_TYPE, promise };
  return { ...typeResult(node.getType(), node, 0), promise };
}

function arrayResult(element: Type, at: Node, depth: number): JournalType {
  const inner = typeResult(element, at, depth + 1);
  if (inner.kind !== 'json') return inner;
  return element.isObject() ? { kind: 'large', why: 'an array of records', promise: false } : JSON_TYPE;
}

/** A checked type: primitives and plain data are JSON; functions, class instances, handles and unknown types are not. */
function typeResult(type: Type, at: Node, depth: number): JournalType {
  const not = (why: string): JournalType => ({ kind: 'not', why, promise: false });
  if (type.isAny() || type.isUnknown())
    return { kind: 'unknown', why: 'a value whose type the analysis cannot read', promise: false };
  // A generic's `T` (`get<T>(key): T`): whatever the caller makes it, which this reading does not follow.
  if (type.isTypeParameter())
    return { kind: 'unknown', why: `a \`${type.getText(at)}\` the call leaves generic`, promise: false };
  if (depth > MAX_DEPTH) return JSON_TYPE;
  if (type.isUnion()) return combine(type.getUnionTypes().map((t) => typeResult(t, at, depth)));
  if (
    type.isString() ||
    type.isNumber() ||
    type.isBoolean() ||
    type.isLiteral() ||
    type.isBooleanLiteral() ||
    type.isNull() ||
    type.isUndefined() ||
    type.isEnum() ||
    type.getText() === 'void'
  )
    return JSON_TYPE;
  if (type.getCallSignatures().length > 0) return not('a function');
  if (type.isArray()) return arrayResult(type.getArrayElementTypeOrThrow(), at, depth);
  if (type.isTuple()) return combine(type.getTupleElements().map((t) => typeResult(t, at, depth + 1)));
  const symbol = type.getSymbol() ?? type.getAliasSymbol();
  const name = symbol?.getName() ?? '';
  if (HANDLE_TYPES.test(name)) return not(`a \`${name}\``);
  if (symbol?.getDeclarations().some((d) => Node.isClassDeclaration(d) || Node.isClassExpression(d)))
    return not(`an instance of the class \`${name}\``);
  if (!type.isObject()) return not(`a \`${type.getText(at)}\``);
  const results = type.getProperties().map((property) => {
    if (property.getDeclarations().some((d) => Node.isMethodSignature(d) || Node.isMethodDeclaration(d)))
      return not(`an object with the method \`${property.getName()}\``);
    return typeResult(property.getTypeAtLocation(at), at, depth + 1);
  });
  return combine(results);
}
