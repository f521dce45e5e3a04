import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';

/** The quote of the file's first import's specifier: the one a repair writes its string literals in. */
export function quoteOf(ts: typeof TypeScript, file: TypeScript.SourceFile): string {
  const first = file.statements.find(ts.isImportDeclaration);
  return first?.moduleSpecifier.getText(file).startsWith('"') ? '"' : "'";
}
