// The syntax kit of the transforms that read the TypeScript compiler's own trees (v1-to-v2's repairs and serving
// rewrite), not ts-morph's: a file's script kind, declarations, names, imports, positions, the statement or function
// around a node. Every helper here reads; none decides what a rewrite does.
import { scriptKindFor } from '../../lib/scriptKind.js';
import { ts } from '../../lib/tsMorph.cjs';

/** The script kind of a file by its extension (TSX, JSX, JS, else TS). */
export function scriptKindOf(fileName: string): ts.ScriptKind {
  return scriptKindFor(ts, fileName);
}

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

/** The nearest function around the connect call. */
export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (
      ts.isArrowFunction(current) ||
      ts.isFunctionExpression(current) ||
      ts.isFunctionDeclaration(current) ||
      ts.isMethodDeclaration(current)
    )
      return current;
  }
  return undefined;
}

/** The statement holding a node: the nearest ancestor whose parent is a block, the module or a case clause. */
export function statementOf(node: ts.Node): ts.Node {
  let statement: ts.Node = node;
  while (
    statement.parent &&
    !(
      ts.isBlock(statement.parent) ||
      ts.isSourceFile(statement.parent) ||
      ts.isCaseClause(statement.parent) ||
      ts.isDefaultClause(statement.parent) ||
      ts.isModuleBlock(statement.parent)
    )
  )
    statement = statement.parent;
  return statement;
}

/** The expression statement holding a node, if it is not inside a nested block or function of it. */
export function expressionStatementOf(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node | undefined = node;
  while (current && !ts.isExpressionStatement(current)) {
    if (ts.isBlock(current) || ts.isSourceFile(current) || ts.isFunctionLike(current)) return undefined;
    current = current.parent;
  }
  return current;
}

/** Where a statement's text starts with the comment lines right above it (they move with it). */
export function chunkStart(source: ts.SourceFile, statement: ts.Statement): number {
  const text = source.text;
  const start = statement.getStart(source);
  const comments = ts.getLeadingCommentRanges(text, statement.pos) ?? [];
  let first = start;
  for (const comment of [...comments].reverse()) {
    const between = text.slice(comment.end, first);
    if (!/^[ \t]*\r?\n?[ \t]*$/.test(between)) break;
    first = comment.pos;
  }
  return text.lastIndexOf('\n', first - 1) + 1;
}

/** A node that declares its `name` (a variable, function, class, parameter, import binding...). */
export function isDeclaration(node: ts.Node): boolean {
  return (
    ts.isVariableDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node) ||
    ts.isImportSpecifier(node) ||
    ts.isNamespaceImport(node) ||
    ts.isTypeParameterDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassExpression(node)
  );
}
