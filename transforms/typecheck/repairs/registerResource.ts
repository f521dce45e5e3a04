// `server.resource(name, uri, [metadata], read)` on a v2 McpServer: v2 has only `registerResource(name, uri, config,
// read)`, which v1 had too with the same arguments (v1's `resource` forwards to it, no metadata being none). So the
// call becomes `registerResource` with the same arguments, `{}` for metadata when there was none. The official
// codemod's marker on the call (`@mcp-codemod-error Could not automatically migrate .resource() call`, on its own
// line above the statement: its comment, not the user's) goes with it: nothing is left for a person.
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import type { TypedRepair } from './types.js';

const MARKER = /^[ \t]*\/\*\s*@mcp-codemod-error\b[^*]*\.resource\(\)[^*]*\*\/[ \t]*\r?\n/;

/** The removal of the codemod's `.resource()` marker on the line above the call's statement, if it is there. */
function markerRemoval(call: TypeScript.Node): TextEdit[] {
  const file = call.getSourceFile();
  let statement: TypeScript.Node = call;
  while (statement.parent && statement.parent.getStart(file) === call.getStart(file)) statement = statement.parent;
  const start = statement.getStart(file);
  const lineStart = file.text.lastIndexOf('\n', start - 1) + 1;
  const previousStart = file.text.lastIndexOf('\n', lineStart - 2) + 1;
  if (lineStart === 0) return [];
  const marker = MARKER.exec(file.text.slice(previousStart, lineStart));
  return marker && marker[0].length === lineStart - previousStart
    ? [{ start: previousStart, end: lineStart, text: '' }]
    : [];
}

export const registerResource: TypedRepair = {
  id: 'register-resource',
  codes: [2339],
  repair({ ts, checker, node, message }) {
    if (!/^Property 'resource' does not exist on type '/.test(message)) return undefined;
    if (!ts.isIdentifier(node) || node.text !== 'resource') return undefined;
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.name !== node) return undefined;
    const call = access.parent;
    if (!ts.isCallExpression(call) || call.expression !== access) return undefined;
    if (call.arguments.length !== 3 && call.arguments.length !== 4) return undefined;
    if (call.arguments.some((argument) => ts.isSpreadElement(argument))) return undefined;
    // The receiver is the v2 server: it has `registerResource`.
    const receiver = checker.getTypeAtLocation(access.expression);
    if (!checker.getPropertyOfType(receiver, 'registerResource')) return undefined;
    const edits = [{ start: node.getStart(), end: node.getEnd(), text: 'registerResource' }];
    if (call.arguments.length === 3) {
      const read = call.arguments[2]!;
      edits.push({ start: read.getStart(), end: read.getStart(), text: '{}, ' });
    }
    const marker = markerRemoval(call);
    return {
      edits: [...edits, ...marker],
      resolves: marker.map((m) => ({ transform: 'v1-to-v2', reason: 'codemod-error-marker', offset: m.start })),
    };
  },
};
