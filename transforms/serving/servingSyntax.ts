/**
 * The serving rewrites' own syntax queries (rewriteServing.ts, rewriteStdioServing.ts): a connect's transport named
 * for stdio, and the `new` its transport comes from. The general ones are in the kit (transforms/kit/syntax.ts).
 */
import { ts } from '../../lib/tsMorph.cjs';
import { enclosingFunction } from '../kit/syntax.js';

/**
 * A server connect whose transport is made elsewhere but named for stdio (`deps.createStdioTransport()`,
 * `opts.transport ?? new StdioServerTransport()`); never a client's connect.
 */
export function namesStdioTransport(source: ts.SourceFile, call: ts.CallExpression): boolean {
  return /stdio/i.test(call.arguments[0]!.getText(source)) && !/client/i.test(call.getText(source));
}

/**
 * The `new X(...)` a connect's transport comes from: inline, or the const/let of that name (declared with it, or
 * assigned it) in the function around the connect or at the module's top level.
 */
export function transportNewOf(source: ts.SourceFile, call: ts.CallExpression): ts.NewExpression | undefined {
  const transport = call.arguments[0];
  if (!transport) return undefined;
  if (ts.isNewExpression(transport)) return transport;
  if (!ts.isIdentifier(transport)) return undefined;
  const scope = enclosingFunction(call) ?? source;
  let found: ts.NewExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === transport.text &&
      node.initializer &&
      ts.isNewExpression(node.initializer)
    )
      found = node.initializer;
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === transport.text &&
      ts.isNewExpression(node.right)
    )
      found = node.right;
    ts.forEachChild(node, visit);
  };
  visit(scope);
  if (!found && scope !== source) visit(source);
  return found;
}
