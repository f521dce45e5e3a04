// `error.errors` on a ZodError: zod 4 (which the migration raises zod to) has no `errors`; zod 3's `errors` is a
// getter of `issues` (the same array), which both majors have. So `.errors` -> `.issues` reads what it read before.
import type { TypedRepair } from './types.js';

export const zodErrorIssues: TypedRepair = {
  id: 'zod-error-issues',
  codes: [2339],
  repair({ ts, checker, node, message }) {
    if (!/^Property 'errors' does not exist on type 'ZodError\b/.test(message)) return undefined;
    if (!ts.isIdentifier(node) || node.text !== 'errors') return undefined;
    const access = node.parent;
    if (!ts.isPropertyAccessExpression(access) || access.name !== node) return undefined;
    // The receiver is a ZodError of the zod now installed, and it has `issues`.
    const receiver = checker.getTypeAtLocation(access.expression);
    if (!checker.getPropertyOfType(receiver, 'issues')) return undefined;
    return { edits: [{ start: node.getStart(), end: node.getEnd(), text: 'issues' }] };
  },
};
