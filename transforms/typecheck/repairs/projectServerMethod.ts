// The project's own structural type of the server, written against v1's registration
// (`type ResourceServer = { setRequestHandler(schema: typeof ReadResourceRequestSchema, handler: ...): void }`): the
// official codemod moves the call to v2's `setRequestHandler('resources/read', handler)` (the server passed in is the
// SDK's, which takes only the method now), and the call no longer fits the declared parameter (TS2345, TS2769 with
// overloads). The parameter's declared type becomes the method's string (`schema: 'resources/read'`), and the schema's
// import goes when nothing else in the file reads it. Types only: the server the project passes was the SDK's all
// along, and the call is the one the codemod wrote.
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { REQUEST_SCHEMA_METHODS } from '../../mrtr/constants.js';
import { quoteOf } from './quoteOf.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

export const projectServerMethod: TypedRepair = {
  id: 'project-server-method',
  codes: [2345, 2769],
  repair({ ts, checker, node, file }) {
    const call = registrationCall(ts, node, file);
    if (!call) return undefined;
    const method = (call.arguments[0] as TypeScript.StringLiteralLike).text;
    const callee = call.expression as TypeScript.PropertyAccessExpression;
    const member = checker.getPropertyOfType(checker.getTypeAtLocation(callee.expression), 'setRequestHandler');
    const edits: TextEdit[] = [];
    const schemas = new Set<TypeScript.Identifier>();
    for (const declaration of member?.declarations ?? []) {
      if (declaration.getSourceFile() !== file || !ts.isMethodSignature(declaration)) continue;
      const type = declaration.parameters[0]?.type;
      if (!type || !ts.isTypeQueryNode(type) || !ts.isIdentifier(type.exprName)) continue;
      if (REQUEST_SCHEMA_METHODS[type.exprName.text] !== method) continue;
      const quote = quoteOf(ts, file);
      edits.push({ start: type.getStart(file), end: type.getEnd(), text: `${quote}${method}${quote}` });
      schemas.add(type.exprName);
    }
    if (edits.length === 0) return undefined;
    for (const schema of schemas) {
      const removal = unusedImportRemoval(ts, file, schema);
      if (removal) edits.push(removal);
    }
    return { edits };
  },
};

/** The `x.setRequestHandler('method', ...)` call the error is on or in, with a method the SDK names. */
function registrationCall(
  ts: TS,
  node: TypeScript.Node,
  file: TypeScript.SourceFile,
): TypeScript.CallExpression | undefined {
  for (let at: TypeScript.Node | undefined = node; at && at !== file; at = at.parent) {
    if (!ts.isCallExpression(at)) continue;
    const callee = at.expression;
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'setRequestHandler') continue;
    const first = at.arguments[0];
    if (!first || !ts.isStringLiteralLike(first)) return undefined;
    return Object.values(REQUEST_SCHEMA_METHODS).includes(first.text) ? at : undefined;
  }
  return undefined;
}

/**
 * The removal of the named import `used` stands for, when the file reads the name nowhere but in `used` (the type
 * the repair replaces): the specifier and its comma, or the whole declaration and its line break.
 */
function unusedImportRemoval(ts: TS, file: TypeScript.SourceFile, used: TypeScript.Identifier): TextEdit | undefined {
  let binding: TypeScript.ImportSpecifier | undefined;
  let reads = 0;
  const visit = (node: TypeScript.Node): void => {
    if (ts.isImportSpecifier(node) && node.name.text === used.text) binding = node;
    else if (ts.isIdentifier(node) && node.text === used.text && node !== used) reads++;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  // The specifier's own local name is one of the identifiers counted.
  if (!binding || reads > 1) return undefined;
  const named = binding.parent;
  const declaration = named.parent.parent;
  if (named.elements.length === 1 && !named.parent.name) {
    const start = declaration.getStart(file);
    let end = declaration.getEnd();
    // Its line break, and at the top of the file the blank line below it.
    for (let lines = start === 0 ? 2 : 1; lines > 0; lines--) {
      if (file.text.startsWith('\r\n', end)) end += 2;
      else if (file.text[end] === '\n') end += 1;
      else break;
      if (!/^[ \t]*\r?\n/.test(file.text.slice(end))) break;
    }
    return { start, end, text: '' };
  }
  const index = named.elements.indexOf(binding);
  const next = named.elements[index + 1];
  if (next) return { start: binding.getStart(file), end: next.getStart(file), text: '' };
  return { start: named.elements[index - 1]!.getEnd(), end: binding.getEnd(), text: '' };
}
