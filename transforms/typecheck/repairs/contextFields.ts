// A handler's context handed to a helper whose parameter is typed with the v1 context's fields (`extra: { sessionId?:
// string; requestId: unknown }`, nickytonline/mcp-typescript-template): the official codemod made the handler's
// context a v2 `ServerContext`, which has no `requestId` (TS2345 at the call), while the helper still reads the field.
// The argument becomes an object of exactly the fields the parameter names, each read from its v2 path (the v1 step's
// own mapping: `requestId` -> `extra.mcpReq.id`), so the helper reads at run time what it read in v1. Only for a
// context read without a call (a name, or a chain of property reads) whose type is the SDK's `ServerContext`, and a
// parameter type whose every field has a v2 path.
import { CONTEXT_MEMBERS } from '../../v1-to-v2/constants.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import type { TypedRepair } from './types.js';

export const contextFields: TypedRepair = {
  id: 'context-fields',
  codes: [2345],
  repair({ ts, checker, node, file }) {
    const argument = outermost(ts, node);
    const call = argument.parent;
    if (!call || !ts.isCallExpression(call) || !call.arguments.includes(argument as TypeScript.Expression))
      return undefined;
    if (!isPlainRead(ts, argument)) return undefined;
    const contextType = checker.getNonNullableType(checker.getTypeAtLocation(argument));
    const symbol = contextType.aliasSymbol ?? contextType.getSymbol();
    const declared = symbol?.declarations?.some((d) => /@modelcontextprotocol\//.test(d.getSourceFile().fileName));
    if (symbol?.getName() !== 'ServerContext' || !declared) return undefined;
    const expected = checker.getContextualType(argument as TypeScript.Expression);
    if (!expected || expected.isUnion() || !(expected.flags & ts.TypeFlags.Object)) return undefined;
    const fields = checker.getPropertiesOfType(expected);
    if (fields.length === 0 || checker.getSignaturesOfType(expected, ts.SignatureKind.Call).length > 0)
      return undefined;
    const read = argument.getText(file);
    const members: string[] = [];
    for (const field of fields) {
      const name = field.getName();
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
      const mapped = CONTEXT_MEMBERS.find((m) => m.from === name);
      if (mapped) members.push(`${name}: ${read}${mapped.to}`);
      else if (checker.getPropertyOfType(contextType, name)) members.push(`${name}: ${read}.${name}`);
      else return undefined;
    }
    return { edits: [{ start: argument.getStart(file), end: argument.getEnd(), text: `{ ${members.join(', ')} }` }] };
  },
};

/** The argument a node at the error's start belongs to: through parentheses and type assertions. */
function outermost(ts: typeof TypeScript, node: TypeScript.Node): TypeScript.Node {
  let current = node;
  while (
    current.parent &&
    (ts.isParenthesizedExpression(current.parent) || ts.isAsExpression(current.parent)) &&
    current.parent.getStart() === current.getStart()
  )
    current = current.parent;
  return current;
}

/** A name, or a chain of property reads of one (`extra`, `this.ctx`): reading it again reads the same value. */
function isPlainRead(ts: typeof TypeScript, node: TypeScript.Node): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isParenthesizedExpression(node)) return isPlainRead(ts, node.expression);
  return ts.isPropertyAccessExpression(node) && !node.questionDotToken && isPlainRead(ts, node.expression);
}
