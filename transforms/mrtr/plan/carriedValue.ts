import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { unwrap } from '../analyse/symbols.js';
import { singleBlockSampling, type Ask } from './asks.js';
import { INPUT_REQUIRED_BUILDERS } from '../pushMethods.js';

/** A local that is live across an ask: it travels in requestState and is restored on the round that resumes there. */
export interface CarriedLocal {
  name: string;
  keyword: 'const' | 'let' | 'var';
  /** Its TypeScript type as carried (the state type's member). */
  type: string;
  /** A Date travels as its ISO string and is revived with `new Date(...)`. */
  date: boolean;
  /** Computed by the server (not an answer, an argument or a literal): the client can read it in the signed state. */
  serverSide: boolean;
}

/** Types whose values do not survive JSON.stringify/parse (a Date is converted instead). */
const UNSERIALIZABLE_TYPE =
  /\b(Map|Set|WeakMap|WeakSet|WeakRef|bigint|BigInt|symbol|Symbol|Function|RegExp|Promise|Error|Buffer|Uint8Array|ArrayBuffer)\b|=>/;

/**
 * How a carried local crosses JSON: its type for the state, whether it is a Date (converted), whether the
 * server computed it; or why it cannot travel (Map, Set, class instances, functions, bigint...).
 */
export function carriedValueOf(
  id: Node,
  keyword: CarriedLocal['keyword'],
  ask: Ask | undefined,
  body: Node,
): CarriedLocal | { unsafe: string } {
  const name = id.getText();
  const base = { name, keyword, date: false as const };
  if (ask) return carriedAnswer(id, ask, base);
  const declaration = id.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  const whole = declaration?.getNameNode() === id;
  const init = declaration?.getInitializer();
  const typeNode = whole ? declaration?.getTypeNode() : undefined;
  const serverSide = !!init && !isReplaySafeExpression(init);
  const value = init && whole ? stripAwait(init) : undefined;
  const byValue = value ? carriedByValue(value, base, serverSide) : undefined;
  if (byValue) return byValue;
  if (typeNode) {
    const text = typeNode.getText();
    if (text === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text))
      return { unsafe: `\`${name}\` is typed \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  // `x as T`: the code already names the type.
  const asserted =
    init && whole && Node.isAsExpression(init) && init.getTypeNode()?.getText() !== 'const'
      ? init.getTypeNode()?.getText()
      : undefined;
  if (asserted) {
    if (UNSERIALIZABLE_TYPE.test(asserted) || /\bDate\b/.test(asserted))
      return { unsafe: `\`${name}\` is a \`${asserted}\`, which does not survive JSON in requestState` };
    return { ...base, type: asserted, serverSide };
  }
  const shaped = value ? primitiveTypeOf(value) : undefined;
  if (shaped) return { ...base, type: shaped, serverSide };
  const type = id.getType();
  const checked = type.isLiteral() ? type.getBaseTypeOfLiteralType() : type;
  const text = checked.getText(id);
  const resolved = !checked.isAny() && !checked.isUnknown() && !/\bany\b|import\(|typeof /.test(text);
  if (resolved) {
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text))
      return { unsafe: `\`${name}\` is a \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  return carriedUntyped(id, init, value, body, base, serverSide);
}

type Carried = CarriedLocal | { unsafe: string };
/** What every carried local starts from: its name and keyword, not a Date. */
type CarriedBase = Pick<CarriedLocal, 'name' | 'keyword'> & { date: false };

/** An answer: the rebuilt old result (plain JSON, from the client). */
function carriedAnswer(id: Node, ask: Ask, base: CarriedBase): CarriedLocal {
  // A low-level createMessage without tools answered one content block: the old type (see answerValue).
  const type =
    ask.builder === 'createMessage' && singleBlockSampling(ask)
      ? 'CreateMessageResult'
      : INPUT_REQUIRED_BUILDERS[ask.builder].resultType;
  const member = Node.isIdentifier(id) && ask.binding?.pattern ? elementPath(id) : undefined;
  return { ...base, type: member ? `${type}${member}` : type, serverSide: false };
}

/** What the initializer itself says: a `new Date` (carried as a Date), or a value JSON cannot carry. */
function carriedByValue(value: Node, base: CarriedBase, serverSide: boolean): Carried | undefined {
  const { name, keyword } = base;
  if (Node.isNewExpression(value)) {
    const callee = value.getExpression().getText();
    if (callee === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
    return { unsafe: `\`${name}\` holds a \`new ${callee}\`, which does not survive JSON in requestState` };
  }
  if (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isClassExpression(value))
    return { unsafe: `\`${name}\` holds a function, which cannot travel in requestState` };
  if (value.getKind() === SyntaxKind.BigIntLiteral || Node.isRegularExpressionLiteral(value))
    return { unsafe: `\`${name}\` holds a value JSON cannot carry` };
  if (Node.isCallExpression(value) && ['BigInt', 'Symbol'].includes(value.getExpression().getText()))
    return { unsafe: `\`${name}\` holds a ${value.getExpression().getText()}, which JSON cannot carry` };
  return undefined;
}

/** A local whose type neither the code nor the checker gives: a type query on names in scope, or why not. */
function carriedUntyped(
  id: Node,
  init: Node | undefined,
  value: Node | undefined,
  body: Node,
  base: CarriedBase,
  serverSide: boolean,
): Carried {
  const { name } = base;
  // No type to read (the call's declaration is not analysed): the value's later uses must be plain data reads.
  const usedAsObject = body
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some(
      (ref) => ref !== id && ref.getText() === name && ref.getSymbol() === id.getSymbol() && isMethodOrInstanceUse(ref),
    );
  if (usedAsObject)
    return { unsafe: `\`${name}\` has methods called on it; a value from JSON in requestState would not have them` };
  const query = value ? typeQueryOf(value, body) : undefined;
  const awaited =
    !!init &&
    Node.isAwaitExpression(
      init.getKind() === SyntaxKind.ParenthesizedExpression
        ? (init as import('ts-morph').ParenthesizedExpression).getExpression()
        : init,
    );
  if (query) return { ...base, type: awaited ? `Awaited<${query}>` : query, serverSide };
  if (
    !id
      .getSourceFile()
      .getFilePath()
      .match(/\.(ts|tsx|mts|cts)$/)
  )
    return { ...base, type: 'unknown', serverSide };
  return {
    unsafe: `the type of \`${name}\` cannot be read from its initializer; annotate it (\`const ${name}: T = ...\`) so the state type can declare it`,
  };
}

const STRING_METHODS = new Set([
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
  'replace',
  'replaceAll',
  'concat',
  'join',
  'toFixed',
  'toISOString',
  'normalize',
  'repeat',
]);

/** The primitive type an initializer evidently has, without the checker (the analysis reads no lib typings). */
function primitiveTypeOf(node: Node): 'string' | 'number' | 'boolean' | undefined {
  const value = unwrap(node);
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value) || Node.isTemplateExpression(value))
    return 'string';
  if (Node.isNumericLiteral(value)) return 'number';
  if (Node.isTrueLiteral(value) || Node.isFalseLiteral(value)) return 'boolean';
  if (Node.isPrefixUnaryExpression(value))
    return value.getOperatorToken() === SyntaxKind.ExclamationToken ? 'boolean' : 'number';
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    const name = callee.getText();
    if (name === 'String' || name === 'JSON.stringify') return name === 'String' ? 'string' : undefined;
    if (
      name === 'Number' ||
      name === 'parseInt' ||
      name === 'parseFloat' ||
      name === 'Date.now' ||
      /^Math\.\w+$/.test(name)
    )
      return 'number';
    if (name === 'Boolean' || name === 'Array.isArray') return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && STRING_METHODS.has(callee.getName())) return 'string';
    if (
      Node.isPropertyAccessExpression(callee) &&
      ['includes', 'startsWith', 'endsWith', 'has', 'some', 'every'].includes(callee.getName())
    )
      return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && ['indexOf', 'lastIndexOf', 'getTime'].includes(callee.getName()))
      return 'number';
    return undefined;
  }
  if (Node.isPropertyAccessExpression(value) && value.getName() === 'length') return 'number';
  if (Node.isConditionalExpression(value)) {
    const whenTrue = primitiveTypeOf(value.getWhenTrue());
    return whenTrue && whenTrue === primitiveTypeOf(value.getWhenFalse()) ? whenTrue : undefined;
  }
  if (Node.isBinaryExpression(value)) {
    const op = value.getOperatorToken().getKind();
    if (
      [
        SyntaxKind.EqualsEqualsEqualsToken,
        SyntaxKind.ExclamationEqualsEqualsToken,
        SyntaxKind.EqualsEqualsToken,
        SyntaxKind.ExclamationEqualsToken,
        SyntaxKind.LessThanToken,
        SyntaxKind.GreaterThanToken,
        SyntaxKind.LessThanEqualsToken,
        SyntaxKind.GreaterThanEqualsToken,
        SyntaxKind.InKeyword,
        SyntaxKind.InstanceOfKeyword,
      ].includes(op)
    )
      return 'boolean';
    if (
      [
        SyntaxKind.MinusToken,
        SyntaxKind.AsteriskToken,
        SyntaxKind.SlashToken,
        SyntaxKind.PercentToken,
        SyntaxKind.AsteriskAsteriskToken,
      ].includes(op)
    )
      return 'number';
    if (op === SyntaxKind.PlusToken) {
      const left = primitiveTypeOf(value.getLeft());
      const right = primitiveTypeOf(value.getRight());
      if (left === 'string' || right === 'string') return 'string';
      if (left === 'number' && right === 'number') return 'number';
    }
  }
  return undefined;
}

/** `['content']['name']` for a name inside an object binding pattern (`const { content: { name } } = ...`). */
function elementPath(id: Node): string | undefined {
  const path: string[] = [];
  for (let element = id.getParent(); element && Node.isBindingElement(element);) {
    const key = (element.getPropertyNameNode() ?? element.getNameNode()).getText();
    if (!Node.isObjectBindingPattern(element.getParent()!)) return undefined;
    path.unshift(`['${key}']`);
    const outer = element.getParent()!.getParent();
    element = outer && Node.isBindingElement(outer) ? outer : undefined;
  }
  return path.length > 0 ? path.join('') : undefined;
}

function stripAwait(node: Node): Node {
  const inner = unwrap(node);
  return Node.isAwaitExpression(inner) ? unwrap(inner.getExpression()) : inner;
}

/** `x.method(...)`, `x instanceof C`: uses a JSON copy could not serve. */
function isMethodOrInstanceUse(ref: Node): boolean {
  const parent = ref.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref) {
    const call = parent.getParent();
    return !!call && Node.isCallExpression(call) && call.getExpression() === parent;
  }
  return (
    !!parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.InstanceOfKeyword
  );
}

/**
 * A type for the value of `node` written with type queries on names in scope at the top of the handler
 * (declared outside its body, or its parameters): `typeof config.limit`, `(typeof store.byId)[typeof id]`,
 * `ReturnType<typeof notes.get>`. The step function's state type is declared there.
 */
function typeQueryOf(node: Node, body: Node): string | undefined {
  const value = unwrap(node);
  const entity = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
  if (
    (Node.isIdentifier(value) || Node.isPropertyAccessExpression(value)) &&
    entity.test(value.getText()) &&
    declaredOutside(value, body)
  )
    return `typeof ${value.getText()}`;
  if (Node.isElementAccessExpression(value)) {
    const object = typeQueryOf(value.getExpression(), body);
    const key = value.getArgumentExpression();
    const index = !key
      ? undefined
      : Node.isStringLiteral(key) || Node.isNumericLiteral(key)
        ? key.getText()
        : typeQueryOf(key, body);
    return object && index ? `(${object})[${index}]` : undefined;
  }
  if (Node.isCallExpression(value) && value.getTypeArguments().length === 0) {
    const callee = value.getExpression();
    if (entity.test(callee.getText()) && declaredOutside(callee, body)) return `ReturnType<typeof ${callee.getText()}>`;
  }
  return undefined;
}

/** Whether the callee's root name is declared outside the handler body (so `typeof` can name it there). */
function declaredOutside(callee: Node, body: Node): boolean {
  const root = callee.getText().split('.')[0]!;
  const rootNode = callee.getFirstDescendant((d) => Node.isIdentifier(d) && d.getText() === root) ?? callee;
  const declarations = rootNode.getSymbol()?.getDeclarations() ?? [];
  return (
    declarations.length > 0 && declarations.every((d) => d.getStart() < body.getStart() || d.getStart() > body.getEnd())
  );
}
