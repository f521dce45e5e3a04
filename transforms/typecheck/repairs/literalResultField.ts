// A handler's result type the user declared with a field wider than the protocol's (`action: string` in an
// elicitation handler's result, where the v2 SDK types it `'accept' | 'decline' | 'cancel'`): v1 typed every
// handler's result loosely, v2 by its method, and the call no longer type-checks. The protocol accepts only those
// values (a v1 peer rejected any other at run time), so the field's declared `string` becomes the protocol's union
// of literals: nothing changes at run time, and a value outside it becomes a compile error where it is written.
// The same for a record of `unknown` (`content?: Record<string, unknown>`) where the protocol takes a record of
// known values (`string | number | boolean | string[]`): its value type becomes the protocol's. Only a `string` or
// a `Record<string, unknown>` written in a property signature of the error's file.
import { quoteOf } from './quoteOf.js';
import type { TypedRepair } from './types.js';

const RECORD =
  /Types of property '([A-Za-z_$][\w$]*)' are incompatible\.\s+Type 'Record<string, unknown>(?: \| undefined)?' is not assignable to type '\{ \[x: string\]: ([\w[\] |]+); \}(?: \| undefined)?'/;
const FIELD =
  /Types of property '([A-Za-z_$][\w$]*)' are incompatible\.\s+Type 'string' is not assignable to type '((?:"[^"\\]*"(?: \| )?)+)'\.?/;

export const literalResultField: TypedRepair = {
  id: 'literal-result-field',
  codes: [2345, 2322],
  repair({ ts, checker, node, file, message }) {
    const literal = FIELD.exec(message);
    const record = literal ? undefined : RECORD.exec(message);
    const match = literal ?? record;
    if (!match) return undefined;
    const [, field, union] = match as unknown as [string, string, string];
    const members = union.split(' | ');
    if (literal && !members.every((m) => /^"[^"\\]*"$/.test(m))) return undefined;
    // The expression the error is on: the outermost that starts where it starts (`options.handler`, not `options`).
    let expression = node;
    while (
      expression.parent &&
      expression.parent.getStart(file) === node.getStart(file) &&
      !ts.isStatement(expression.parent)
    )
      expression = expression.parent;
    let type = checker.getTypeAtLocation(expression);
    // A function (the handler): its result, awaited.
    const signature = type.getCallSignatures()[0];
    if (signature) type = checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
    const property = checker.getPropertyOfType(type, field);
    const declaration = property?.declarations?.find((d) => d.getSourceFile() === file);
    if (!declaration || !ts.isPropertySignature(declaration) || !declaration.type) return undefined;
    if (record) {
      // `Record<string, unknown>`: its value type, the protocol's.
      const written = declaration.type;
      if (!ts.isTypeReferenceNode(written) || !ts.isIdentifier(written.typeName) || written.typeName.text !== 'Record')
        return undefined;
      const [key, value] = written.typeArguments ?? [];
      if (key?.kind !== ts.SyntaxKind.StringKeyword || value?.kind !== ts.SyntaxKind.UnknownKeyword) return undefined;
      return { edits: [{ start: value.getStart(file), end: value.getEnd(), text: union }] };
    }
    if (declaration.type.kind !== ts.SyntaxKind.StringKeyword) return undefined;
    const quote = quoteOf(ts, file);
    const text = members.map((m) => (quote === '"' ? m : `'${m.slice(1, -1)}'`)).join(' | ');
    return { edits: [{ start: declaration.type.getStart(file), end: declaration.type.getEnd(), text }] };
  },
};
