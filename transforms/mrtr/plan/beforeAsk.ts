import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';

// The code before an ask that may run again on every round without a replay check: early exits on pure
// conditions, and client capability reads (which then read the request's own capabilities).

/**
 * `if (pureCondition) { ...; return x; }` before the ask: the condition is the same on every retry (same
 * params), so a round that takes the branch never asks, and its effects run once, as before.
 */
export function isExitOnlyBranch(statement: Node, allowed: ReadonlySet<Node>): boolean {
  if (
    !Node.isIfStatement(statement) ||
    statement.getElseStatement() ||
    !isReplaySafeExpression(statement.getExpression(), allowed)
  )
    return false;
  const then = statement.getThenStatement();
  const last = Node.isBlock(then) ? then.getStatements().at(-1) : then;
  return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
}

/** Every `getClientCapabilities()` call in the statements, when each is on a proven SDK server; null otherwise. */
export function capabilityReadsIn(statements: Node[], analysis: MrtrAnalysis): Node[] | null {
  const reads: Node[] = [];
  for (const statement of statements) {
    for (const call of statement.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'getClientCapabilities') continue;
      const receiver = analysis.origins.originOf(callee.getExpression());
      if (receiver?.role !== 'server' || call.getArguments().length > 0) return null;
      reads.push(call);
    }
  }
  return reads;
}
