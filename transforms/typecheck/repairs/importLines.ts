// Imports a repair adds to the file it repairs, read on the project's own compiler (the `ts` the loop hands over).
import { lineEndingOf, type TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';

type TS = typeof TypeScript;

/** `import <clause> from '<module>'` as a line of its own after `lastImport`, in its quotes and with its semicolon. */
export function importLineAfter(
  file: TypeScript.SourceFile,
  lastImport: TypeScript.ImportDeclaration,
  clause: string,
  module: string,
): TextEdit {
  const quote = lastImport.moduleSpecifier.getText(file).startsWith('"') ? '"' : "'";
  const semicolon = lastImport.getText(file).trimEnd().endsWith(';') ? ';' : '';
  const end = lastImport.getEnd();
  return {
    start: end,
    end,
    text: `${lineEndingOf(file.text)}import ${clause} from ${quote}${module}${quote}${semicolon}`,
  };
}

/**
 * Whether a top-level statement binds `name` otherwise than by a named import: an import's default or namespace name,
 * a variable, a function, a class, an interface, a type alias or an enum.
 */
export function bindsName(ts: TS, statement: TypeScript.Statement, name: string): boolean {
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause?.name?.text === name) return true;
    return (
      !!clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings) && clause.namedBindings.name.text === name
    );
  }
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name);
  if (
    ts.isInterfaceDeclaration(statement) ||
    ts.isTypeAliasDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isFunctionDeclaration(statement)
  )
    return statement.name?.text === name;
  return false;
}
