import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { PropertyAccessExpression } from 'ts-morph';
import { MOCK_FUNCTIONS, MOCK_MEMBERS } from '../constants.js';
import { outermostOf, simpleName, unwrap } from '../analyse/symbols.js';

/**
 * Whether an SDK push method is named only to replace or watch it, never to send a request (in any file):
 * `server.createMessage = vi.fn()` (a stub written over it), `expect(server.elicitInput).toHaveBeenCalled()`,
 * `vi.mocked(server.server.elicitInput)`, `server.elicitInput.mockResolvedValue(...)`. Such a use is not a site.
 */
export function isMockUse(access: PropertyAccessExpression): boolean {
  const expr = outermostOf(access);
  const parent = expr.getParent();
  if (!parent) return false;
  // Written over: `x.elicitInput = ...` (a stub), whatever the right side is.
  if (
    Node.isBinaryExpression(parent) &&
    parent.getLeft() === expr &&
    parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
  )
    return true;
  // Handed to an assertion or a mocking helper: `expect(x.elicitInput)`, `vi.mocked(x.elicitInput)`.
  if (Node.isCallExpression(parent) && parent.getArguments().includes(expr)) {
    const name = simpleName(unwrap(parent.getExpression()));
    return name !== undefined && MOCK_FUNCTIONS.has(name);
  }
  // A member only a test double has: `x.elicitInput.mockResolvedValueOnce(...)`.
  return (
    Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr && MOCK_MEMBERS.test(parent.getName())
  );
}
