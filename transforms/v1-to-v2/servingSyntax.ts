/** Small syntax queries of the HTTP serving rewrite (rewriteHttpServing.ts): declarations, names, imports, positions. */
import { ts } from '../../lib/tsMorph.cjs';

export function declares(statement: ts.Statement, name: string): boolean {
  return (
    ts.isVariableStatement(statement) &&
    statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)
  );
}

/** The nodes under `scope` (itself included) that pass `test`, in source order. */
function nodesUnder<T extends ts.Node>(scope: ts.Node, test: (node: ts.Node) => node is T): T[] {
  const found: T[] = [];
  const visit = (node: ts.Node): void => {
    if (test(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

export function localConst(scope: ts.Node, name: string): ts.VariableDeclaration | undefined {
  return nodesUnder(
    scope,
    (node): node is ts.VariableDeclaration =>
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === name &&
      ts.isVariableDeclarationList(node.parent) &&
      (node.parent.flags & ts.NodeFlags.Const) !== 0,
  )[0];
}

export function identifiersIn(scope: ts.Node, name: string): ts.Identifier[] {
  return nodesUnder(scope, (node): node is ts.Identifier => ts.isIdentifier(node) && node.text === name);
}

export function callsNamed(scope: ts.Node, method: string): ts.CallExpression[] {
  return nodesUnder(
    scope,
    (node): node is ts.CallExpression =>
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === method,
  );
}

export function isModuleLevelName(source: ts.SourceFile, name: string): boolean {
  for (const statement of source.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name)
      return true;
    if (
      ts.isVariableStatement(statement) &&
      statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === name)
    )
      return true;
    if (ts.isImportDeclaration(statement) && importBindings(statement).includes(name)) return true;
  }
  return false;
}

function importBindings(statement: ts.ImportDeclaration): string[] {
  const clause = statement.importClause;
  if (!clause) return [];
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => e.name.text));
  return names;
}

export function importsName(source: ts.SourceFile, name: string): boolean {
  return source.statements.some((s) => ts.isImportDeclaration(s) && importBindings(s).includes(name));
}

export function identifierUsed(source: ts.SourceFile, name: string): boolean {
  return identifiersIn(source, name).length > 0;
}

export function isInside(node: ts.Node, container: ts.Node): boolean {
  return node.pos >= container.pos && node.end <= container.end;
}

export function topLevelStatement(node: ts.Node): ts.Statement {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent)) current = current.parent;
  return current as ts.Statement;
}

export function indentOf(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}
