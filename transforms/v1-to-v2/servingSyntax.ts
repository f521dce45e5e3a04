/**
 * Small syntax queries of the serving rewrites (rewriteServing.ts, rewriteHttpServing.ts): declarations, names,
 * imports, positions, the function around a connect and the `new` its transport comes from.
 */
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

/**
 * A server connect whose transport is made elsewhere but named for stdio (`deps.createStdioTransport()`,
 * `opts.transport ?? new StdioServerTransport()`); never a client's connect.
 */
export function namesStdioTransport(source: ts.SourceFile, call: ts.CallExpression): boolean {
  return /stdio/i.test(call.arguments[0]!.getText(source)) && !/client/i.test(call.getText(source));
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

/**
 * The `new X(...)` a connect's transport comes from: inline, or the const/let of that name (declared with it, or
 * assigned it) in the function around the connect or at the module's top level.
 */
export function transportNewOf(source: ts.SourceFile, call: ts.CallExpression): ts.NewExpression | undefined {
  const transport = call.arguments[0];
  if (!transport) return undefined;
  if (ts.isNewExpression(transport)) return transport;
  if (!ts.isIdentifier(transport)) return undefined;
  const scope = enclosingFunction(call) ?? source;
  let found: ts.NewExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === transport.text &&
      node.initializer &&
      ts.isNewExpression(node.initializer)
    )
      found = node.initializer;
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === transport.text &&
      ts.isNewExpression(node.right)
    )
      found = node.right;
    ts.forEachChild(node, visit);
  };
  visit(scope);
  if (!found && scope !== source) visit(source);
  return found;
}
