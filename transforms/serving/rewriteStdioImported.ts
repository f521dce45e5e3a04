// The stdio serving rewrite of a server imported from the module that builds it (rewriteStdioServing.ts):
// `import { mcpServer } from './server.js'` where that module says `export const mcpServer = createServer();` and
// exports `createServer`: the connect becomes `serveStdio(() => createServer())`, `createServer` is imported too.
import path from 'node:path';
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { rootOf } from './stdioScope.js';
import type { ModuleLookup } from './types.js';

/** What the rewrite needs: the import to add the factory to, the factory's call text. */
export interface ImportedFactory {
  importDeclaration: ts.ImportDeclaration;
  factory: string;
  factoryName: string;
}

/**
 * The factory behind an imported server singleton, when building another instance is safe: the module declares
 * `export const <name> = <factory>(<literals>)` and `export function <factory>()` whose body only builds a server,
 * registers on it and returns it (so a second call has no other effect: no timer, listener or port of its own), and
 * neither that module nor another of the step's files uses the singleton (the entry keeps it for its other modes).
 */
export function importedFactory(
  source: ts.SourceFile,
  name: string,
  lookup: ModuleLookup | undefined,
  otherTexts: Iterable<[string, string]>,
): ImportedFactory | undefined {
  const importDeclaration = source.statements.find(
    (s): s is ts.ImportDeclaration =>
      ts.isImportDeclaration(s) &&
      !s.importClause?.isTypeOnly &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === name && !e.propertyName && !e.isTypeOnly),
  );
  if (!importDeclaration || !lookup) return undefined;
  const specifier = (importDeclaration.moduleSpecifier as ts.StringLiteral).text;
  if (!specifier.startsWith('.')) return undefined;
  const module = lookup(source.fileName, specifier);
  if (!module) return undefined;
  const target = ts.createSourceFile(module.file, module.text, ts.ScriptTarget.Latest, true);
  const singleton = exportedConst(target, name);
  const call = singleton?.initializer;
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  if (!call.arguments.every((a) => ts.isStringLiteral(a) || ts.isNumericLiteral(a))) return undefined;
  const factoryName = call.expression.text;
  const factory = target.statements.find(
    (s): s is ts.FunctionDeclaration =>
      ts.isFunctionDeclaration(s) &&
      s.name?.text === factoryName &&
      !!s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) &&
      !s.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword),
  );
  if (!factory?.body || !onlyBuildsAServer(factory.body)) return undefined;
  // The singleton's only use in its module is its declaration; no other file of the step imports it.
  if (wordCount(module.text, name) !== 1) return undefined;
  for (const [file, text] of otherTexts) {
    if (file === module.file || path.resolve(file) === path.resolve(source.fileName)) continue;
    if (wordCount(text, name) > 0 && importsNameFrom(file, text, name, module.file, lookup)) return undefined;
  }
  const bound = (importDeclaration.importClause!.namedBindings as ts.NamedImports).elements.map((e) => e.name.text);
  if (!bound.includes(factoryName) && declaresAnywhere(source, factoryName)) return undefined;
  return {
    importDeclaration,
    factory: `${factoryName}(${call.arguments.map((a) => a.getText(target)).join(', ')})`,
    factoryName,
  };
}

/** The edit that adds the factory to the import (when it is not imported yet). */
export function importFactoryEdit(source: ts.SourceFile, found: ImportedFactory): TextEdit[] {
  const bindings = found.importDeclaration.importClause!.namedBindings as ts.NamedImports;
  if (bindings.elements.some((e) => e.name.text === found.factoryName)) return [];
  const last = bindings.elements[bindings.elements.length - 1]!;
  return [{ start: last.getEnd(), end: last.getEnd(), text: `, ${found.factoryName}` }];
}

function exportedConst(target: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of target.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const [declaration, ...more] = statement.declarationList.declarations;
    if (declaration && more.length === 0 && ts.isIdentifier(declaration.name) && declaration.name.text === name)
      return declaration;
  }
  return undefined;
}

/** `const server = new X(...)`, statements rooted at it, nested function declarations, `return server;`: nothing else. */
function onlyBuildsAServer(body: ts.Block): boolean {
  const first = body.statements[0];
  if (!first || !ts.isVariableStatement(first)) return false;
  const [declaration, ...more] = first.declarationList.declarations;
  if (!declaration || more.length > 0 || !ts.isIdentifier(declaration.name)) return false;
  if (!declaration.initializer || !ts.isNewExpression(declaration.initializer)) return false;
  const server = declaration.name.text;
  const last = body.statements[body.statements.length - 1];
  if (!last || !ts.isReturnStatement(last) || !last.expression || !ts.isIdentifier(last.expression)) return false;
  if (last.expression.text !== server) return false;
  return body.statements
    .slice(1, -1)
    .every((s) => ts.isFunctionDeclaration(s) || (ts.isExpressionStatement(s) && rootOf(s.expression) === server));
}

function wordCount(text: string, word: string): number {
  return text.match(new RegExp(`\\b${word.replace(/[$]/g, '\\$')}\\b`, 'g'))?.length ?? 0;
}

/** Whether a text imports `name` (or the whole module, `* as`) from the module. */
function importsNameFrom(file: string, text: string, name: string, moduleFile: string, lookup: ModuleLookup): boolean {
  for (const match of text.matchAll(/\bimport\s+([^;]*?)\s+from\s*['"](\.[^'"]+)['"]/g)) {
    const clause = match[1]!;
    const names =
      /\{([^}]*)\}/
        .exec(clause)?.[1]
        ?.split(',')
        .map((n) => n.trim().split(/\s+/)[0]) ?? [];
    if (!names.includes(name) && !clause.includes('*')) continue;
    if (lookup(file, match[2]!)?.file === moduleFile) return true;
  }
  return false;
}

function declaresAnywhere(source: ts.SourceFile, name: string): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === name) found = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
