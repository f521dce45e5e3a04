// A callback over a ZodError's issues whose parameter the user annotated with zod 3's issue shape (`(e: { path:
// (string | number)[]; message: string }) => ...`): zod 4's issue type (`$ZodIssue`, its `path` a `PropertyKey[]`)
// no longer fits the annotation (TS2345). The objects are the same at run time; the annotation is dropped, so that
// the parameter takes zod's own type and the body is checked against it (a body that reads what zod 4's issue has
// not is a new error, and the loop undoes the round). Only an inline type literal on the first parameter.
import type { TypedRepair } from './types.js';

export const zodIssueCallback: TypedRepair = {
  id: 'zod-issue-callback',
  codes: [2345],
  repair({ ts, node, message }) {
    if (!/is not assignable to parameter of type '\(value: \$ZodIssue\b/.test(message)) return undefined;
    if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) return undefined;
    const [parameter] = node.parameters;
    if (!parameter?.type || !ts.isTypeLiteralNode(parameter.type) || parameter.questionToken) return undefined;
    if (!ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return undefined;
    // An arrow's only parameter written without parentheses cannot hold an annotation: it has them.
    return { edits: [{ start: parameter.name.getEnd(), end: parameter.type.getEnd(), text: '' }] };
  },
};
