// A zod raw shape (`{ name: z.string() }`, typed by zod 4's own `ZodRawShape`) given to `registerTool`,
// `registerPrompt` or `registerResource` as `inputSchema`, `outputSchema` or `argsSchema` through a value the
// official codemod could not see (a variable, a field, a generic): the v2 SDK types the shape with its own zod types
// and the call no longer type-checks. The SDK has always made the shape an object schema (`z.object(shape)`, v1 and
// v2 alike), so the value written as `z.object(value)` is the schema it was: the same validation, the same listing.
// `z` is the file's value import of zod, added (or its type-only import made a value import) when there is none. The
// official codemod's marker on the call (it could not tell a raw shape from a schema) goes with it (markers.ts).
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { bindsName, importLineAfter } from './importLines.js';
import { markerAbove, withMarkers } from './markers.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

const REGISTER = new Set(['registerTool', 'registerPrompt', 'registerResource']);
const SCHEMA_KEYS = new Set(['inputSchema', 'outputSchema', 'argsSchema']);

export const rawShapeSchema: TypedRepair = {
  id: 'raw-shape-schema',
  codes: [2769, 2345],
  repair({ ts, checker, node, file }) {
    const call = registerCallOf(ts, node);
    const config = call?.arguments[1];
    if (!call || !config || !ts.isObjectLiteralExpression(config)) return undefined;
    const values = schemaValues(ts, config).filter((value) => isRawShape(ts, checker, value));
    if (values.length === 0) return undefined;
    const z = zodImport(ts, file);
    if (!z) return undefined;
    const edits: TextEdit[] = [...z.edits];
    for (const value of values) {
      edits.push({ start: value.getStart(file), end: value.getStart(file), text: 'z.object(' });
      edits.push({ start: value.getEnd(), end: value.getEnd(), text: ')' });
    }
    // The codemod's marker on the call (`Could not verify `inputSchema` is a schema object`) is resolved.
    return withMarkers(edits, markerAbove(call, /is a schema object/));
  },
};

/** The `x.registerTool(...)` (or prompt, resource) call the error is on or in. */
function registerCallOf(ts: TS, node: TypeScript.Node): TypeScript.CallExpression | undefined {
  for (let current: TypeScript.Node | undefined = node; current; current = current.parent) {
    if (
      ts.isCallExpression(current) &&
      ts.isPropertyAccessExpression(current.expression) &&
      REGISTER.has(current.expression.name.text)
    )
      return current;
    if (ts.isBlock(current) || ts.isSourceFile(current)) return undefined;
  }
  return undefined;
}

/** The values of the config's schema properties: written there, or in a spread `...(cond && { outputSchema: x })`. */
function schemaValues(ts: TS, config: TypeScript.ObjectLiteralExpression): TypeScript.Expression[] {
  const values: TypeScript.Expression[] = [];
  const visit = (object: TypeScript.ObjectLiteralExpression) => {
    for (const property of object.properties) {
      if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && SCHEMA_KEYS.has(property.name.text))
        values.push(property.initializer);
      else if (ts.isSpreadAssignment(property)) {
        let spread = property.expression;
        while (ts.isParenthesizedExpression(spread)) spread = spread.expression;
        const branch = ts.isBinaryExpression(spread)
          ? spread.right
          : ts.isConditionalExpression(spread)
            ? spread.whenTrue
            : spread;
        let inner = branch;
        while (ts.isParenthesizedExpression(inner)) inner = inner.expression;
        if (ts.isObjectLiteralExpression(inner)) visit(inner);
      }
    }
  };
  visit(config);
  return values;
}

/**
 * A raw shape: an object type (not a schema: no `~standard`, no `_zod`) with at least one property, every property
 * a zod schema (has `_zod`), the value not `z.object(...)` already.
 */
function isRawShape(ts: TS, checker: TypeScript.TypeChecker, value: TypeScript.Expression): boolean {
  if (ts.isObjectLiteralExpression(value)) return false;
  const seen = checker.getNonNullableType(checker.getTypeAtLocation(value));
  // A type parameter (`Shape extends ZodRawShape`) is read by its constraint.
  const type = seen.flags & ts.TypeFlags.TypeParameter ? (checker.getBaseConstraintOfType(seen) ?? seen) : seen;
  if (type.isUnion() || !(type.flags & ts.TypeFlags.Object)) return false;
  if (checker.getPropertyOfType(type, '~standard') || checker.getPropertyOfType(type, '_zod')) return false;
  const indexed = checker.getIndexInfosOfType(type).map((info) => info.type);
  const properties = checker.getPropertiesOfType(type).map((p) => checker.getTypeOfSymbolAtLocation(p, value));
  const members = [...indexed, ...properties];
  return members.length > 0 && members.every((t) => checker.getPropertyOfType(checker.getNonNullableType(t), '_zod'));
}

/** The edits that give the file a value binding `z` of zod's root (none when it has one), or undefined if not safe. */
function zodImport(ts: TS, file: TypeScript.SourceFile): { edits: TextEdit[] } | undefined {
  let lastImport: TypeScript.ImportDeclaration | undefined;
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    lastImport = statement;
    const module = ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
    const clause = statement.importClause;
    const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
    const binding = named?.elements.find((e) => e.name.text === 'z');
    if (!binding) continue;
    if (module !== 'zod' || (binding.propertyName && binding.propertyName.text !== 'z')) return undefined;
    if (!clause!.isTypeOnly && !binding.isTypeOnly) return { edits: [] };
    if (binding.isTypeOnly)
      return { edits: [{ start: binding.getStart(file), end: binding.name.getStart(file), text: '' }] };
    // `import type { z, A, B }`: a value import of z, the others types as they were.
    const typeKeyword = clause!.getStart(file);
    const edits: TextEdit[] = [{ start: typeKeyword, end: typeKeyword + 'type '.length, text: '' }];
    for (const element of named!.elements)
      if (element !== binding)
        edits.push({ start: element.getStart(file), end: element.getStart(file), text: 'type ' });
    return file.text.slice(typeKeyword, typeKeyword + 5) === 'type ' ? { edits } : undefined;
  }
  // No `z` imported: one import line after the last, in the file's quotes.
  if (!lastImport || file.statements.some((s) => bindsName(ts, s, 'z'))) return undefined;
  return { edits: [importLineAfter(file, lastImport, '{ z }', 'zod')] };
}
