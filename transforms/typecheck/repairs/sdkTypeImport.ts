// A type of the v2 server package, bound in a file a repair writes it in.
import type { TextEdit } from '../../../lib/edits.js';
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { bindsName, importLineAfter } from './importLines.js';

type TS = typeof TypeScript;

const SDK_SERVER = '@modelcontextprotocol/server';

/**
 * The edits that make `name` a type of the SDK package in the file: none when it is one already, a named import added
 * to the file's import of the package, else an import line after the last import. Undefined when the file has its
 * own `name`.
 */
export function sdkTypeImport(ts: TS, file: TypeScript.SourceFile, name: string): TextEdit[] | undefined {
  let fromSdk: TypeScript.NamedImports | undefined;
  let typeOnly = false;
  let lastImport: TypeScript.ImportDeclaration | undefined;
  for (const statement of file.statements) {
    if (bindsName(ts, statement, name)) return undefined;
    if (ts.isImportDeclaration(statement)) {
      lastImport = statement;
      const clause = statement.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
      const module = ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : '';
      const binding = named?.elements.find((e) => e.name.text === name);
      if (binding) {
        const original = (binding.propertyName ?? binding.name).text;
        return module === SDK_SERVER && original === name ? [] : undefined;
      }
      if (module === SDK_SERVER && named && !fromSdk) {
        fromSdk = named;
        typeOnly = clause!.isTypeOnly;
      }
    }
  }
  if (fromSdk) {
    const last = fromSdk.elements[fromSdk.elements.length - 1];
    if (!last) return undefined;
    const at = last.getEnd();
    return [{ start: at, end: at, text: `, ${typeOnly ? '' : 'type '}${name}` }];
  }
  if (!lastImport) return undefined;
  return [importLineAfter(file, lastImport, `type { ${name} }`, SDK_SERVER)];
}
