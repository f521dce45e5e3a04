import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import { enclosingFunction } from '../analyse/functions.js';

/**
 * What surrounds an ask inside its own function: error handling, timeouts, loops, parallel asks and a
 * preceding client-capability check. Later rewrites must keep each of these working; the audit lists them.
 */
export function findGuards(site: Node): string[] {
  const guards = new Set<string>();
  const fn = enclosingFunction(site);
  for (let node: Node | undefined = site; node && node !== fn; node = node.getParent()) {
    const parent = node.getParent();
    if (!parent) break;
    if (Node.isTryStatement(parent) && parent.getTryBlock() === node) guards.add('try-catch');
    if (
      Node.isForStatement(parent) ||
      Node.isForOfStatement(parent) ||
      Node.isForInStatement(parent) ||
      Node.isWhileStatement(parent) ||
      Node.isDoStatement(parent)
    ) {
      guards.add('loop');
    }
    if (Node.isCallExpression(parent)) {
      const callee = parent.getExpression();
      const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
      const base = Node.isPropertyAccessExpression(callee) ? callee.getExpression().getText() : undefined;
      if (base === 'Promise' && name === 'race') guards.add('timeout-race');
      if (base === 'Promise' && (name === 'all' || name === 'allSettled' || name === 'any')) guards.add('promise-all');
    }
    if (
      Node.isPropertyAccessExpression(parent) &&
      parent.getExpression() === node &&
      (parent.getName() === 'catch' || parent.getName() === 'then')
    ) {
      const call = parent.getParent();
      if (call && Node.isCallExpression(call) && (parent.getName() === 'catch' || call.getArguments().length >= 2))
        guards.add('promise-catch');
    }
  }
  const scope = fn ?? site.getSourceFile();
  // Only a scope whose text names it can hold the identifier: most do not, and are not walked.
  const before =
    scope.getFullText().includes('getClientCapabilities') &&
    scope
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .some((id) => id.getText() === 'getClientCapabilities' && id.getStart() < site.getStart());
  if (before) guards.add('capability-check');
  return [...guards].sort();
}

/** `@mcp-mrtr-ignore` in a comment on the site's statement or the line above it. */
export function isIgnored(site: Node): boolean {
  const statement = site.getFirstAncestor((a) => Node.isStatement(a) && !Node.isBlock(a)) ?? site;
  const text = statement.getSourceFile().getFullText();
  const leading = text.slice(statement.getPos(), statement.getStart());
  return leading.includes('@mcp-mrtr-ignore');
}
