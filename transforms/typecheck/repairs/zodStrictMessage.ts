// `z.object(shape).strict({ message })` (or `.strict('message')`): zod 3's `strict` took the message of the
// unknown-keys issue; zod 4's takes nothing (TS2554). zod 4 says the same with the object's own error map:
// `z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? message : undefined) })`, the
// message for unknown keys and zod's own (`undefined`: the next map) for every other issue, as zod 3 did. Only the
// chain written as `<zod>.object(shape).strict(message)`, with one shape argument and a message of that form.
import { lineEndingOf } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import type { TypedRepair } from './types.js';

export const zodStrictMessage: TypedRepair = {
  id: 'zod-strict-message',
  codes: [2554],
  repair({ ts, node, file, message }) {
    if (!/^Expected 0 arguments, but got 1\.?$/.test(message)) return undefined;
    const strict = node.parent;
    if (!strict || !ts.isCallExpression(strict) || strict.arguments.length !== 1 || strict.arguments[0] !== node)
      return undefined;
    const access = strict.expression;
    if (!ts.isPropertyAccessExpression(access) || access.name.text !== 'strict') return undefined;
    const object = access.expression;
    if (!ts.isCallExpression(object) || object.arguments.length !== 1) return undefined;
    const callee = object.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'object') return undefined;
    const text = messageOf(ts, node as TypeScript.Expression, file);
    if (text === undefined) return undefined;
    // The user's comments around the message or the shape would go with the replaced text: left as it is.
    const replaced = file.text.slice(object.getStart(file), strict.getEnd());
    const kept = replaced.replace(text, '').replace(object.arguments[0]!.getText(file), '');
    if (/\/\/|\/\*/.test(kept)) return undefined;
    const zod = callee.expression.getText(file);
    const shape = object.arguments[0]!.getText(file);
    const eol = lineEndingOf(file.text);
    const indent = indentOf(file, strict);
    const replacement = `${zod}.strictObject(${shape}, {${eol}${indent}  error: (issue) => (issue.code === 'unrecognized_keys' ? ${text} : undefined),${eol}${indent}})`;
    return { edits: [{ start: object.getStart(file), end: strict.getEnd(), text: replacement }] };
  },
};

/** The message's expression: a string, or the `message` of `{ message: ... }` (nothing else in it). */
function messageOf(
  ts: typeof TypeScript,
  argument: TypeScript.Expression,
  file: TypeScript.SourceFile,
): string | undefined {
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return argument.getText(file);
  if (!ts.isObjectLiteralExpression(argument) || argument.properties.length !== 1) return undefined;
  const [property] = argument.properties;
  if (
    !property ||
    !ts.isPropertyAssignment(property) ||
    !ts.isIdentifier(property.name) ||
    property.name.text !== 'message'
  )
    return undefined;
  return property.initializer.getText(file);
}

/** The indentation of the line the node starts on. */
function indentOf(file: TypeScript.SourceFile, node: TypeScript.Node): string {
  const start = node.getStart(file);
  const lineStart = file.text.lastIndexOf('\n', start - 1) + 1;
  return /^[ \t]*/.exec(file.text.slice(lineStart))![0];
}
