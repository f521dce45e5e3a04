// `server.resource(name, uri, [metadata], read)` on a v2 McpServer: v2 has only `registerResource(name, uri, config,
// read)`, which v1 had too with the same arguments (v1's `resource` forwards to it, no metadata being none). So the
// call becomes `registerResource` with the same arguments, `{}` for metadata when there was none. The official
// codemod's marker on the call (`@mcp-codemod-error Could not automatically migrate .resource() call`, on its own
// line above the statement: its comment, not the user's) goes with it: nothing is left for a person.
import { markerAbove, withMarkers } from './markers.js';
import type { TypedRepair } from './types.js';

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
    return withMarkers(edits, markerAbove(call, /\.resource\(\)/));
  },
};
