// v1 typed the protocol's objects as passthrough (every object of its zod schemas had an index signature of
// `unknown`): code read keys the protocol does not define (`req.body.params.tools` after `isInitializeRequest`) and
// wrote some (`capabilities: { tools: {}, sampling: {} }` in a server's options). v2 types them exactly, and both no
// longer compile (TS2339, TS2353). The values are the ones the original read and sent, so each keeps its v1 typing:
// the object read is seen as a record of unknown values (`(req.body.params as Record<string, unknown>).tools`: an
// absent key reads `undefined`, as before), and a server's capabilities literal is asserted to the SDK's
// `ServerCapabilities`. Only on a type the SDK declares (in its own package), never on the project's own types, and a
// read only on data the SDK never parsed (see narrowedRawData).
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { sdkTypeImport } from './sdkTypeImport.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

const SDK_PACKAGE = /[/\\]node_modules[/\\]@modelcontextprotocol[/\\]/;

/** `(params as Record<string, unknown>).tools` for a key the SDK's exact type no longer has (TS2339). */
export const passthroughRead: TypedRepair = {
  id: 'passthrough-read',
  codes: [2339],
  repair({ ts, checker, node, file }) {
    const access = readNamed(ts, node);
    if (!access || access.questionDotToken) return undefined;
    const object = access.expression;
    if (!declaredBySdk(checker.getTypeAtLocation(object)) || !narrowedRawData(ts, checker, object)) return undefined;
    const start = object.getStart(file);
    const end = object.getEnd();
    const edit = (through: string): TextEdit[] => [
      { start, end: start, text: '(' },
      { start: end, end, text: ` as ${through}Record<string, unknown>)` },
    ];
    return { edits: edit(''), fallback: edit('unknown as ') };
  },
};

/**
 * `(result.structuredContent as Record<string, unknown> | undefined)?.total`: v1 typed a tool result's structured
 * content as a record of unknown values, v2 as `unknown`, and a read of one of its keys no longer compiles (TS2339 on
 * `{}`). The value is the same object: the read keeps v1's typing.
 */
export const structuredContentRead: TypedRepair = {
  id: 'structured-content-read',
  codes: [2339],
  repair({ ts, checker, node, file }) {
    const access = readNamed(ts, node);
    if (!access) return undefined;
    let object: TypeScript.Expression = access.expression;
    while (ts.isParenthesizedExpression(object) || ts.isNonNullExpression(object)) object = object.expression;
    if (!ts.isPropertyAccessExpression(object) || object.name.text !== 'structuredContent') return undefined;
    const declarations = checker.getSymbolAtLocation(object.name)?.declarations ?? [];
    if (declarations.length === 0 || !declarations.every((d) => SDK_PACKAGE.test(d.getSourceFile().fileName)))
      return undefined;
    const start = access.expression.getStart(file);
    const end = access.expression.getEnd();
    const optional = access.questionDotToken !== undefined || object.questionDotToken !== undefined;
    const type = `Record<string, unknown>${optional ? ' | undefined' : ''}`;
    return {
      edits: [
        { start, end: start, text: '(' },
        { start: end, end, text: ` as ${type})` },
      ],
    };
  },
};

/** `capabilities: { tools: {}, sampling: {} } as ServerCapabilities` in a server's options (TS2353). */
export const passthroughCapabilities: TypedRepair = {
  id: 'passthrough-capabilities',
  codes: [2353],
  repair({ ts, checker, node, file }) {
    const literal = enclosingLiteral(ts, node);
    const property = literal?.parent;
    if (!literal || !property || !ts.isPropertyAssignment(property) || property.initializer !== literal)
      return undefined;
    if (!ts.isIdentifier(property.name) || property.name.text !== 'capabilities') return undefined;
    const optional = checker.getContextualType(literal);
    const contextual = optional && checker.getNonNullableType(optional);
    if (!contextual || !declaredBySdk(contextual) || !checker.getPropertyOfType(contextual, 'tools')) return undefined;
    const imported = sdkTypeImport(ts, file, 'ServerCapabilities');
    if (!imported) return undefined;
    const end = literal.getEnd();
    return { edits: [...imported, { start: end, end, text: ' as ServerCapabilities' }] };
  },
};

/**
 * Whether the SDK's type of `object` comes from narrowing data the SDK never parsed (`req.body.params` after
 * `isInitializeRequest(req.body)`, on an HTTP framework's request): the keys it reads are there at run time as they
 * were. A value the SDK hands to a handler (`request.params`) is parsed by v2, which may drop the keys v1 kept: that
 * read stays an error to look at.
 */
function narrowedRawData(ts: TS, checker: TypeScript.TypeChecker, object: TypeScript.Expression): boolean {
  let root: TypeScript.Expression = object;
  while (
    ts.isPropertyAccessExpression(root) ||
    ts.isElementAccessExpression(root) ||
    ts.isNonNullExpression(root) ||
    ts.isParenthesizedExpression(root)
  )
    root = root.expression;
  const symbol = ts.isIdentifier(root) ? checker.getSymbolAtLocation(root) : undefined;
  const declaration = symbol?.valueDeclaration;
  if (!symbol || !declaration) return false;
  return !declaredBySdk(checker.getTypeOfSymbolAtLocation(symbol, declaration));
}

/** The object literal a property name of the error belongs to. */
function enclosingLiteral(ts: TS, node: TypeScript.Node): TypeScript.ObjectLiteralExpression | undefined {
  for (let at: TypeScript.Node | undefined = node; at; at = at.parent) {
    if (ts.isObjectLiteralExpression(at)) return at;
    if (ts.isStatement(at)) return undefined;
  }
  return undefined;
}

/** The property read the error's name node names (`params.tools`), unless it is written there. */
function readNamed(ts: TS, node: TypeScript.Node): TypeScript.PropertyAccessExpression | undefined {
  const access = node.parent;
  if (!ts.isIdentifier(node) || !access || !ts.isPropertyAccessExpression(access) || access.name !== node)
    return undefined;
  return isWritten(ts, access) ? undefined : access;
}

/** `x.key = value`, `x.key++`: a write, which a cast would not carry to the object. */
function isWritten(ts: TS, access: TypeScript.PropertyAccessExpression): boolean {
  const parent = access.parent;
  if (ts.isBinaryExpression(parent) && parent.left === access)
    return (
      parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    );
  if (ts.isPostfixUnaryExpression(parent) || ts.isPrefixUnaryExpression(parent))
    return parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken;
  return ts.isDeleteExpression(parent);
}

/** A type the SDK's own packages declare (its request params, its capabilities), not the project's. */
function declaredBySdk(type: TypeScript.Type): boolean {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declarations = symbol?.declarations ?? [];
  return declarations.length > 0 && declarations.every((d) => SDK_PACKAGE.test(d.getSourceFile().fileName));
}
