import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';

/**
 * Add named imports: into the file's `import { ... } from 'module'` when there is one (not type-only), else as a
 * new import after the last one, quoted like the file's other SDK imports.
 */
export function addNamedImports(source: ts.SourceFile, wanted: Record<string, string[]>): TextEdit[] {
  const edits: TextEdit[] = [];
  const imports = source.statements.filter((s): s is ts.ImportDeclaration => ts.isImportDeclaration(s));
  const sdkImport = imports.find(
    (s) => ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text.startsWith('@modelcontextprotocol/'),
  );
  const quote = (sdkImport ?? imports[0])?.moduleSpecifier.getText(source).startsWith('"') ? '"' : "'";
  const newline = source.text.includes('\r\n') ? '\r\n' : '\n';
  const added: string[] = [];
  for (const [module, names] of Object.entries(wanted)) {
    const existing = imports.find(
      (s) =>
        ts.isStringLiteral(s.moduleSpecifier) &&
        s.moduleSpecifier.text === module &&
        !s.importClause?.isTypeOnly &&
        s.importClause?.namedBindings &&
        ts.isNamedImports(s.importClause.namedBindings),
    );
    const bindings = existing?.importClause?.namedBindings as ts.NamedImports | undefined;
    if (existing && bindings) {
      const have = bindings.elements.map((e) => e.getText(source));
      const missing = names.filter((n) => !bindings.elements.some((e) => e.name.text === n));
      if (missing.length > 0)
        edits.push({
          start: bindings.getStart(source),
          end: bindings.getEnd(),
          text: `{ ${[...have, ...missing].join(', ')} }`,
        });
    } else {
      added.push(`import { ${names.join(', ')} } from ${quote}${module}${quote};`);
    }
  }
  if (added.length > 0) {
    const sdkImports = imports.filter(
      (s) => ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text.startsWith('@modelcontextprotocol/'),
    );
    const last = sdkImports[sdkImports.length - 1] ?? imports[imports.length - 1];
    const at = last ? last.getEnd() : 0;
    edits.push({ start: at, end: at, text: last ? newline + added.join(newline) : added.join(newline) + newline });
  }
  return edits;
}
