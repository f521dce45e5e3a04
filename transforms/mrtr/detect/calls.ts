// Call shapes detection reads in several places: member accesses found from the text, the request a generic sender makes.
import { Node } from '../../../lib/tsMorph.cjs';
import type { PropertyAccessExpression, SourceFile } from 'ts-morph';
import type { SiteKind } from '../../../lib/model.js';
import { REQUEST_METHOD_KINDS, RESULT_SCHEMA_KINDS } from '../pushMethods.js';
import { constValue, identifierAt, simpleName, stringValue, unwrap, wordOffsets } from '../analyse/symbols.js';

/** The kind of request a generic `request`/`sendRequest`/`send` call makes, if it is a push-style one. */
export function requestSent(call: Node): { kind: SiteKind; dynamic: boolean } | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const [first, schema] = call.getArguments();
  const request = first ? constValue(first) : undefined;
  const schemaKind = RESULT_SCHEMA_KINDS[simpleName(schema ? unwrap(schema) : undefined) ?? ''];
  if (request && Node.isObjectLiteralExpression(request)) {
    const methodProperty = request.getProperty('method');
    const methodValue =
      methodProperty && Node.isPropertyAssignment(methodProperty)
        ? methodProperty.getInitializerOrThrow()
        : methodProperty && Node.isShorthandPropertyAssignment(methodProperty)
          ? methodProperty.getNameNode()
          : undefined;
    const literal = stringValue(methodValue);
    if (literal !== undefined) {
      const kind = REQUEST_METHOD_KINDS[literal];
      return kind ? { kind, dynamic: false } : undefined;
    }
  }
  return schemaKind ? { kind: schemaKind, dynamic: true } : undefined;
}

/** `x.name` property accesses in a file, found from the text so that unrelated code is never walked. */
export function memberAccesses(sourceFile: SourceFile, name: string): PropertyAccessExpression[] {
  const out: PropertyAccessExpression[] = [];
  const text = sourceFile.getFullText();
  for (const offset of wordOffsets(sourceFile, name)) {
    // Cheap text check first: a member access has a `.` before the name (spaces and `?.` allowed).
    if (!/\.\s*$/.test(text.slice(Math.max(0, offset - 40), offset))) continue;
    const identifier = identifierAt(sourceFile, offset);
    const access = identifier?.getParent();
    if (access && Node.isPropertyAccessExpression(access) && access.getNameNode() === identifier) out.push(access);
  }
  return out;
}
