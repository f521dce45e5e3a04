// Scope queries of the serving rewrites (rewriteStdioServing.ts, rewriteStdioInline.ts, httpInlineServer.ts): the consts of a block,
// the uses of a name by scope (a nested function or block declaring the same name holds another variable), the root of
// a call chain, and the text edits that remove or re-indent statements.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';

/** The identifier a call/property/assignment chain starts from (`server` in `server.server.x = f`). */
export function rootOf(expression: ts.Expression): string | undefined {
  let current: ts.Expression = expression;
  for (;;) {
    if (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.EqualsToken)
      current = current.left;
    else if (
      ts.isCallExpression(current) ||
      ts.isPropertyAccessExpression(current) ||
      ts.isElementAccessExpression(current)
    )
      current = current.expression;
    else if (ts.isAwaitExpression(current) || ts.isVoidExpression(current)) current = current.expression;
    else return ts.isIdentifier(current) ? current.text : undefined;
  }
}

export function hasMultilineTemplate(node: ts.Node, source: ts.SourceFile): boolean {
  if (
    (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
    node.getText(source).includes('\n')
  )
    return true;
  return ts.forEachChild(node, (child) => hasMultilineTemplate(child, source)) ?? false;
}

export function indentBlock(text: string, indent: string, newline: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => (line.length > 0 ? indent + line : line))
    .join(newline);
}

/** A `const name = ...` among the statements of the module or block (not nested deeper). */
export function constOf(scope: ts.SourceFile | ts.Block, name: string): ts.VariableDeclaration | undefined {
  for (const statement of scope.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
  }
  return undefined;
}

/**
 * The identifiers that name this declaration in its scope (the declaration's own name included), by scope: a nested
 * function or block that declares the same name (a factory's own `const server`) is another variable, and property
 * names (`x.server`, `{ server: 1 }`) are no uses.
 */
export function scopedUses(scope: ts.SourceFile | ts.Block, declaration: ts.VariableDeclaration): ts.Identifier[] {
  if (!ts.isIdentifier(declaration.name)) return [];
  const name = declaration.name.text;
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (node !== scope && declaresOwn(node, name)) return;
    if (ts.isIdentifier(node) && node.text === name && !isPropertyName(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return found;
}

/** Whether a nested function or block declares `name` itself (a parameter, a var, let, const, function or class). */
export function declaresOwn(node: ts.Node, name: string): boolean {
  const binds = (binding: ts.BindingName): boolean =>
    ts.isIdentifier(binding)
      ? binding.text === name
      : binding.elements.some((e) => !ts.isOmittedExpression(e) && binds(e.name));
  if (ts.isFunctionLike(node) && node.parameters.some((p) => binds(p.name))) return true;
  const body = ts.isFunctionLike(node) ? (node as { body?: ts.Node }).body : ts.isBlock(node) ? node : undefined;
  if (!body || !ts.isBlock(body)) return false;
  return body.statements.some(
    (statement) =>
      (ts.isVariableStatement(statement) && statement.declarationList.declarations.some((d) => binds(d.name))) ||
      ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name),
  );
}

export function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isPropertyAccessExpression(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isGetAccessor(parent) ||
      ts.isSetAccessor(parent)) &&
      parent.name === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node)
  );
}

/** Every identifier in the file spelled like the declared name (declaration included): a conservative use count. */
export function usesOf(source: ts.SourceFile, name: ts.BindingName): ts.Identifier[] {
  if (!ts.isIdentifier(name)) return [];
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name.text) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function removeStatement(source: ts.SourceFile, statement: ts.Statement): TextEdit {
  const text = source.text;
  const start = statement.getStart(source);
  let end = statement.getEnd();
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const onlyOnLine = /^[ \t]*$/.test(text.slice(lineStart, start));
  if (onlyOnLine) {
    const newline = text.indexOf('\n', end);
    if (newline !== -1 && /^[ \t\r]*$/.test(text.slice(end, newline))) end = newline + 1;
    return { start: lineStart, end, text: '' };
  }
  return { start, end, text: '' };
}

/**
 * The identifiers under `node` that name one of `names` in the scope `node` sits in: not shadowed by a nested
 * function or block declaring the same name, and not property names.
 */
export function mentionsIn(node: ts.Node, names: ReadonlySet<string>): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (current: ts.Node, shadowed: ReadonlySet<string>): void => {
    let inner = shadowed;
    if (current !== node)
      for (const name of names) if (!inner.has(name) && declaresOwn(current, name)) inner = new Set([...inner, name]);
    if (ts.isIdentifier(current) && names.has(current.text) && !inner.has(current.text) && !isPropertyName(current))
      found.push(current);
    ts.forEachChild(current, (child) => visit(child, inner));
  };
  visit(node, new Set());
  return found;
}

/** Whether `node` sits inside a function below `container` (a callback: it runs later, not when the statement runs). */
export function isInNestedFunction(node: ts.Node, container: ts.Node): boolean {
  for (let current = node.parent; current && current !== container; current = current.parent)
    if (ts.isFunctionLike(current)) return true;
  return false;
}

/** `x.on('SIGINT', () => { ... })` (or `once`, `addListener`, `prependListener`) whose bound names are all in the callback. */
export function isListenerRegistration(
  statement: ts.Statement,
  uses: ts.Identifier[],
  /** Functions declared by name that move with their registrations (`process.on('SIGINT', shutdown)`). */
  named: ReadonlySet<string> = new Set(),
): boolean {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return false;
  const call = statement.expression;
  if (!ts.isPropertyAccessExpression(call.expression) || !LISTENER_METHODS.has(call.expression.name.text)) return false;
  const listener = call.arguments[call.arguments.length - 1];
  const byName = !!listener && ts.isIdentifier(listener) && named.has(listener.text);
  if (!listener || !(ts.isArrowFunction(listener) || ts.isFunctionExpression(listener) || byName)) return false;
  return uses.every((id) => id.pos >= listener.pos && id.end <= listener.end);
}

/** The methods that register a listener (`process.on('SIGINT', ...)`): their callbacks run later, on the served instance. */
export const LISTENER_METHODS = new Set(['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']);

/**
 * Whether `node` holds a `.connect(...)` on one of `names` (`await server.connect(t)`, `server.server.connect(t)`):
 * a statement that serves the server is never a registration to move with it (a server connected twice has no one
 * factory to serve from).
 */
export function connectsServer(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    node.expression.name.text === 'connect'
  ) {
    const root = rootOf(node.expression.expression);
    if (root !== undefined && names.has(root)) return true;
  }
  return ts.forEachChild(node, (child) => connectsServer(child, names)) ?? false;
}

export function namesOf(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : namesOf(e.name)));
}

/**
 * A statement that registers on the server: an expression rooted at a bound name (`server.registerTool(...)`,
 * `server.server.oninitialized = ...`) or a call handing bound names to a helper (`registerAll(server, api)`), or a
 * `const` made from one (`const setup = new Setup(server)`, `const ask = makeAsker(server)`): the names it declares
 * (empty for an expression). Undefined for anything else (a function value, a `let`, a loop).
 */
export function registration(
  statement: ts.Statement,
  uses: ts.Identifier[],
  bound: ReadonlySet<string>,
): string[] | undefined {
  const registers = (expression: ts.Expression, own: ts.Identifier[]): boolean => {
    let inner = expression;
    if (ts.isAwaitExpression(inner)) inner = inner.expression;
    const root = rootOf(inner);
    if (root !== undefined && bound.has(root)) return true;
    const args = ts.isCallExpression(inner) || ts.isNewExpression(inner) ? (inner.arguments ?? []) : [];
    return args.length > 0 && own.every((id) => args.some((a) => id.pos >= a.pos && id.end <= a.end));
  };
  if (ts.isExpressionStatement(statement)) return registers(statement.expression, uses) ? [] : undefined;
  if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) return undefined;
  const names: string[] = [];
  for (const declaration of statement.declarationList.declarations) {
    const init = declaration.initializer;
    const own = uses.filter((id) => id.pos >= declaration.pos && id.end <= declaration.end);
    if (own.length === 0) {
      names.push(...namesOf(declaration.name));
      continue;
    }
    let call = init;
    if (call && ts.isAwaitExpression(call)) call = call.expression;
    if (!call || !(ts.isCallExpression(call) || ts.isNewExpression(call)) || !registers(call, own)) return undefined;
    names.push(...namesOf(declaration.name));
  }
  return names;
}

/** Whether `node` holds a `kind` node outside nested functions (an `await` makes the factory async). */
export function containsOwn(node: ts.Node, kind: ts.SyntaxKind): boolean {
  if (node.kind === kind) return true;
  return ts.forEachChild(node, (child) => !ts.isFunctionLike(child) && containsOwn(child, kind)) ?? false;
}
