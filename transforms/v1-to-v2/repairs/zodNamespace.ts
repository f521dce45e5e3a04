import { ts } from '../../../lib/tsMorph.cjs';
import { isDeclaration } from '../../kit/syntax.js';

/**
 * The name zod 4's namespace has in the file (`import { z } from 'zod'`, `import * as z from 'zod'`, `import z from
 * 'zod'`: zod's default export is `z`, in 3 and 4), or `z` to import.
 */
export function zodNamespace(source: ts.SourceFile): { name: string | undefined; missing: boolean } {
  let taken = false;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (statement.moduleSpecifier.text === 'zod' && clause && !clause.isTypeOnly) {
      const bindings = clause.namedBindings;
      if (clause.name) return { name: clause.name.text, missing: false };
      if (bindings && ts.isNamespaceImport(bindings)) return { name: bindings.name.text, missing: false };
      const z =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'z')
          : undefined;
      if (z && !z.isTypeOnly) return { name: z.name.text, missing: false };
    }
    if (clause && ts.isImportDeclaration(statement) && /\bz\b/.test(clause.getText(source))) taken = true;
  }
  if (taken || declaresZ(source)) return { name: undefined, missing: false };
  return { name: 'z', missing: true };
}

function declaresZ(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name) && name.text === 'z' && isDeclaration(node)) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
