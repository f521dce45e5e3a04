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

/**
 * Whether the site runs only for 2025-era traffic: inside the branch of an `if` on the SDK's `McpRequestContext.era`
 * (`if (reqCtx.era === 'legacy') { ...push... }`, the else of `era === 'modern'`), or after an early exit of the
 * 2026 era (`if (reqCtx.era !== 'legacy') return ...;`). A 2025-era session still takes push-style requests: the
 * code is already written for both eras (the SDK's own dual-era examples), and nothing is rewritten.
 */
export function inLegacyEraBranch(site: Node): boolean {
  for (let node: Node = site, parent = site.getParent(); parent; node = parent, parent = parent.getParent()) {
    if (Node.isIfStatement(parent)) {
      const era = eraOfTrueBranch(parent.getExpression());
      if (era && parent.getThenStatement() === node && era === 'legacy') return true;
      if (era && parent.getElseStatement() === node && era === 'modern') return true;
    }
    if (Node.isBlock(parent) || Node.isSourceFile(parent)) {
      const statements = parent.getStatements();
      const before = statements.slice(0, statements.indexOf(node as never));
      if (
        before.some(
          (s) =>
            Node.isIfStatement(s) &&
            !s.getElseStatement() &&
            eraOfTrueBranch(s.getExpression()) === 'modern' &&
            exits(s.getThenStatement()),
        )
      )
        return true;
    }
  }
  return false;
}

/** `x.era === 'legacy'` -> 'legacy' (the era the true branch serves), `x.era !== 'legacy'` -> 'modern', ... */
function eraOfTrueBranch(condition: Node): 'legacy' | 'modern' | undefined {
  if (!Node.isBinaryExpression(condition)) return undefined;
  const operator = condition.getOperatorToken().getKind();
  const equal = operator === SyntaxKind.EqualsEqualsEqualsToken || operator === SyntaxKind.EqualsEqualsToken;
  const unequal =
    operator === SyntaxKind.ExclamationEqualsEqualsToken || operator === SyntaxKind.ExclamationEqualsToken;
  if (!equal && !unequal) return undefined;
  const sides = [condition.getLeft(), condition.getRight()];
  const era = sides.find((s) => Node.isPropertyAccessExpression(s) && s.getName() === 'era');
  const literal = sides.find((s) => Node.isStringLiteral(s) || Node.isNoSubstitutionTemplateLiteral(s));
  const value = literal && (literal as Node & { getLiteralValue(): string }).getLiteralValue();
  if (!era || (value !== 'legacy' && value !== 'modern')) return undefined;
  const other = value === 'legacy' ? 'modern' : 'legacy';
  return equal ? value : other;
}

/** A branch that always leaves its block: ends with return or throw. */
function exits(branch: Node): boolean {
  const last = Node.isBlock(branch) ? branch.getStatements().at(-1) : branch;
  return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
}
