import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import { importedModuleOf } from './symbols.js';
import type {
  ArrayLiteralExpression,
  BinaryExpression,
  CallExpression,
  ConditionalExpression,
  ObjectLiteralExpression,
  PrefixUnaryExpression,
  SpreadAssignment,
  SpreadElement,
  TemplateExpression,
} from 'ts-morph';

const NONE: ReadonlySet<Node> = new Set();

/** Global functions whose call has no effect and gives the same value on every round. */
const PURE_FUNCTIONS = new Set([
  'String',
  'Number',
  'Boolean',
  'encodeURIComponent',
  'decodeURIComponent',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURI',
  'decodeURI',
]);
const PURE_STATICS = new Set([
  'JSON.stringify',
  'JSON.parse',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.hasOwn',
  'Array.isArray',
  'Math.min',
  'Math.max',
  'Math.round',
  'Math.floor',
  'Math.ceil',
  'Math.abs',
  'Number.isNaN',
  'Number.isFinite',
  'Number.isInteger',
  'Number.parseInt',
  'Number.parseFloat',
]);
/** Statics that build a new array from their one argument. */
export const FRESH_ARRAY_STATICS: ReadonlySet<string> = new Set(['Array.from', 'Array.of']);
/** Non-mutating string and array methods. */
const PURE_METHODS = new Set([
  'toString',
  'trim',
  'trimStart',
  'trimEnd',
  'toLowerCase',
  'toUpperCase',
  'slice',
  'substring',
  'padStart',
  'padEnd',
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'join',
  'split',
  'replace',
  'replaceAll',
  'concat',
  'at',
  'toFixed',
  // Map, Set, URLSearchParams and Headers membership (`get` is left out: HTTP clients' `get` sends a request).
  'has',
]);
/** Array methods that call their callback on the elements now: pure when the callback's body is. */
export const CALLBACK_METHODS: ReadonlySet<string> = new Set([
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
  'some',
  'every',
  'filter',
  'map',
  'flatMap',
]);

/**
 * True when evaluating the expression again on a retry is harmless: it has no effect and gives the same
 * value (literals, names, member reads, templates, object/array literals, operators, function literals and
 * a few pure built-ins). The explicit rewrite re-runs the handler from the top on each round, so only such
 * code may stand before an ask.
 */
export function isReplaySafeExpression(node: Node | undefined, allowed: ReadonlySet<Node> = NONE): boolean {
  if (!node) return true;
  if (allowed.has(node)) return true;
  if (isSafeLeaf(node)) return true;
  if (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isNonNullExpression(node) ||
    Node.isTypeOfExpression(node) ||
    // `await import('./x.js')`: waiting adds no effect to the one of what it waits for.
    Node.isAwaitExpression(node)
  ) {
    return isReplaySafeExpression(node.getExpression(), allowed);
  }
  if (Node.isPropertyAccessExpression(node)) return isReplaySafeExpression(node.getExpression(), allowed);
  if (Node.isElementAccessExpression(node))
    return (
      isReplaySafeExpression(node.getExpression(), allowed) &&
      isReplaySafeExpression(node.getArgumentExpression(), allowed)
    );
  if (
    Node.isTemplateExpression(node) ||
    Node.isArrayLiteralExpression(node) ||
    Node.isSpreadElement(node) ||
    Node.isSpreadAssignment(node) ||
    Node.isObjectLiteralExpression(node)
  )
    return isSafeLiteral(node, allowed);
  if (Node.isPrefixUnaryExpression(node) || Node.isBinaryExpression(node) || Node.isConditionalExpression(node))
    return isSafeOperation(node, allowed);
  if (Node.isNewExpression(node)) {
    // Building an error to throw has no effect; other constructors (Date, clients) might.
    return (
      /Error$/.test(node.getExpression().getText()) &&
      (node.getArguments() ?? []).every((e) => isReplaySafeExpression(e, allowed))
    );
  }
  if (Node.isCallExpression(node)) return isSafeCall(node, allowed);
  return false;
}

/** Literals, names, `this`, `undefined`, `import.meta` and function literals: nothing to evaluate. */
function isSafeLeaf(node: Node): boolean {
  return (
    Node.isStringLiteral(node) ||
    Node.isNumericLiteral(node) ||
    Node.isNoSubstitutionTemplateLiteral(node) ||
    Node.isTrueLiteral(node) ||
    Node.isFalseLiteral(node) ||
    Node.isNullLiteral(node) ||
    Node.isIdentifier(node) ||
    node.getKind() === SyntaxKind.ThisKeyword ||
    node.getKind() === SyntaxKind.UndefinedKeyword ||
    Node.isRegularExpressionLiteral(node) ||
    // `import.meta` (`import.meta.url`): the module's own description, the same on every round.
    Node.isMetaProperty(node) ||
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node)
  );
}

/** Templates, array and object literals, spreads: safe when every part is. */
function isSafeLiteral(
  node: TemplateExpression | ArrayLiteralExpression | SpreadElement | SpreadAssignment | ObjectLiteralExpression,
  allowed: ReadonlySet<Node>,
): boolean {
  if (Node.isTemplateExpression(node))
    return node.getTemplateSpans().every((span) => isReplaySafeExpression(span.getExpression(), allowed));
  if (Node.isArrayLiteralExpression(node)) return node.getElements().every((e) => isReplaySafeExpression(e, allowed));
  if (Node.isSpreadElement(node) || Node.isSpreadAssignment(node))
    return isReplaySafeExpression(node.getExpression(), allowed);
  return node.getProperties().every((p) => {
    if (Node.isPropertyAssignment(p))
      return isComputedSafe(p.getNameNode(), allowed) && isReplaySafeExpression(p.getInitializer(), allowed);
    if (Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p)) return true;
    if (Node.isSpreadAssignment(p)) return isReplaySafeExpression(p.getExpression(), allowed);
    return false;
  });
}

/** Operators: safe when they assign nothing and their operands are safe. */
function isSafeOperation(
  node: PrefixUnaryExpression | BinaryExpression | ConditionalExpression,
  allowed: ReadonlySet<Node>,
): boolean {
  if (Node.isPrefixUnaryExpression(node)) {
    const op = node.getOperatorToken();
    return (
      op !== SyntaxKind.PlusPlusToken &&
      op !== SyntaxKind.MinusMinusToken &&
      isReplaySafeExpression(node.getOperand(), allowed)
    );
  }
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    if (op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment) return false;
    return isReplaySafeExpression(node.getLeft(), allowed) && isReplaySafeExpression(node.getRight(), allowed);
  }
  return (
    isReplaySafeExpression(node.getCondition(), allowed) &&
    isReplaySafeExpression(node.getWhenTrue(), allowed) &&
    isReplaySafeExpression(node.getWhenFalse(), allowed)
  );
}

/** Calls of pure built-ins, schema validation and array methods with a pure callback, on safe arguments. */
function isSafeCall(node: CallExpression, allowed: ReadonlySet<Node>): boolean {
  const callee = node.getExpression();
  const args = node.getArguments().every((e) => isReplaySafeExpression(e, allowed));
  if (Node.isIdentifier(callee)) return PURE_FUNCTIONS.has(callee.getText()) && args;
  if (Node.isPropertyAccessExpression(callee)) {
    if (PURE_STATICS.has(callee.getText())) return args;
    // `Array.from(map.keys())`: a new array of the values (a mapping callback, which may have effects, left out).
    if (FRESH_ARRAY_STATICS.has(callee.getText())) return args && node.getArguments().length === 1;
    // `ArgsSchema.parse(args)`: validating the request's own arguments (a zod-style schema, by its name) gives
    // the same value, or the same error, on every round: the client retries with the same arguments.
    if (isSchemaValidation(callee)) return args;
    // `z.object({ comment: z.string().min(1) })`: building a zod schema has no effect (it makes a new schema object).
    if (startsAtZod(callee)) return args;
    // `TOOLS.find((t) => t.name === name)`, `items.map((i) => `${i.id}`)`: the callback runs now, so its body counts.
    if (CALLBACK_METHODS.has(callee.getName())) {
      return (
        isReplaySafeExpression(callee.getExpression(), allowed) &&
        node.getArguments().every((e) => isPureCallback(e, allowed))
      );
    }
    return PURE_METHODS.has(callee.getName()) && isReplaySafeExpression(callee.getExpression(), allowed) && args;
  }
  return false;
}

/** A callback written in place whose body is replay-safe (an expression, or replay-safe statements), or another pure argument. */
function isPureCallback(node: Node, allowed: ReadonlySet<Node>): boolean {
  // `values.filter(Boolean)`, `ids.map(String)`: a pure built-in passed by name (the global, not a local of that name).
  if (Node.isIdentifier(node) && PURE_FUNCTIONS.has(node.getText()) && isGlobalName(node)) return true;
  if (!Node.isArrowFunction(node) && !Node.isFunctionExpression(node))
    return !isFunctionValued(node) && isReplaySafeExpression(node, allowed);
  if (node.isAsync() || (Node.isFunctionExpression(node) && node.isGenerator())) return false;
  const body = node.getBody();
  return Node.isBlock(body)
    ? body.getStatements().every((s) => isReplaySafeStatement(s, allowed))
    : isReplaySafeExpression(body, allowed);
}

/** A name the program declares only in declaration files (the standard library's `Boolean`), or nowhere. */
function isGlobalName(name: Node): boolean {
  return (name.getSymbol()?.getDeclarations() ?? []).every((d) => d.getSourceFile().isDeclarationFile());
}

/** A name that may hold a function with effects (`items.map(save)`): not provably pure. */
function isFunctionValued(node: Node): boolean {
  return Node.isIdentifier(node) || Node.isPropertyAccessExpression(node);
}

function isSchemaValidation(callee: Node & { getName(): string; getExpression(): Node }): boolean {
  const schema = callee.getExpression();
  return (
    (callee.getName() === 'parse' || callee.getName() === 'safeParse') &&
    Node.isIdentifier(schema) &&
    (/^[A-Za-z_$][\w$]*Schema$/.test(schema.getText()) || isZodSchema(schema))
  );
}

/** A name declared as a zod schema: `const DeleteArgs = z.object({...})` (its chain starts at an import from zod). */
function isZodSchema(name: Node): boolean {
  return (name.getSymbol()?.getDeclarations() ?? []).some((declaration) => {
    if (!Node.isVariableDeclaration(declaration)) return false;
    const init = declaration.getInitializer();
    return !!init && startsAtZod(init);
  });
}

/** A chain of calls and member reads that starts at a name imported from zod (`z.string().min(1)`). */
function startsAtZod(chain: Node): boolean {
  let head: Node | undefined = chain;
  while (head && (Node.isCallExpression(head) || Node.isPropertyAccessExpression(head))) head = head.getExpression();
  return (
    !!head &&
    Node.isIdentifier(head) &&
    (head.getSymbol()?.getDeclarations() ?? []).some((d) => /^zod(\/|$)/.test(importedModuleOf(d) ?? ''))
  );
}

function isComputedSafe(name: Node, allowed: ReadonlySet<Node>): boolean {
  return !Node.isComputedPropertyName(name) || isReplaySafeExpression(name.getExpression(), allowed);
}

/** Statements that may run again on each round: declarations of replay-safe values and early returns/throws. */
export function isReplaySafeStatement(statement: Node, allowed: ReadonlySet<Node> = NONE): boolean {
  if (Node.isEmptyStatement(statement)) return true;
  if (Node.isVariableStatement(statement)) {
    return statement.getDeclarations().every((d) => isReplaySafeExpression(d.getInitializer(), allowed));
  }
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement))
    return isReplaySafeExpression(statement.getExpression(), allowed);
  if (Node.isIfStatement(statement)) {
    const branches = [statement.getThenStatement(), statement.getElseStatement()].filter(
      (b): b is NonNullable<typeof b> => b !== undefined,
    );
    return (
      isReplaySafeExpression(statement.getExpression(), allowed) &&
      branches.every((e) => isReplaySafeStatement(e, allowed))
    );
  }
  if (Node.isBlock(statement)) return statement.getStatements().every((e) => isReplaySafeStatement(e, allowed));
  return false;
}
