// The HTTP serving rewrite of a server built in the request handler itself (rewriteHttpServing.ts): the SDK's own
// sessionful example builds `const server = new McpServer(...)` (or assigns a `let server`) in its initialize branch
// and registers on it there. Its construction and the statements that register on it move into a module-level
// function, which the session code calls where it built the server and createMcpHandler calls per 2026-era request.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { chunkStart, enclosingFunction, identifierUsed, indentOf } from '../kit/syntax.js';
import { tidyBlankLines } from '../kit/tidyBlankLines.js';
import {
  connectsServer,
  containsOwn,
  hasMultilineTemplate,
  isPropertyName,
  mentionsIn,
  registration,
  removeStatement,
} from './stdioScope.js';

/** The module-level build function (its lines, unindented), the factory that calls it, and the handler's edits. */
export interface InlineBuild {
  factory: string;
  declaration: string[];
  edits: TextEdit[];
}

const BUILD_NAMES = ['buildServer', 'buildMcpServer', 'buildSessionServer'];
// A use of the server the session code may keep where it is: stored in a session record, connected, closed.
const KEPT_METHODS = new Set(['connect', 'close']);

/**
 * `const server = new McpServer(...)`, or `let server` assigned `server = new McpServer(...)` once, in the handler
 * that connects it, with the connect in the same block after it. The statements between the two that register on
 * the server (`server.registerTool(...)`, `registerTools(server)`) move with the construction into
 * `function buildServer() { ...; return server; }` at the module's top level, and the construction becomes
 * `buildServer()`. Statements that do not use the server stay in place (a log line keeps its place, before or after
 * the build), and so do uses that only store the server in a session record, rebind it from one, connect or close it.
 * Refused (the advice's tail): any other use (the handler configures the server outside the build, so a 2026-era
 * request would get a server without it), registrations that read the handler's own values (the request, the
 * session), `this`, or an `await` among them. Undefined: the server is not built with `new` in the handler.
 */
export function planHttpInlineServer(
  source: ts.SourceFile,
  handler: ts.FunctionLikeDeclaration,
  connect: ts.CallExpression,
  serverName: string,
): InlineBuild | { why: string } | undefined {
  const construction = constructionOf(source, handler, serverName);
  if (!construction) return undefined;
  const { statement, value } = construction;
  const scope = statement.parent;
  const connectStatement = ownStatement(connect, scope);
  if (!ts.isBlock(scope) || !connectStatement || connectStatement.pos < statement.end)
    return { why: `the server \`${serverName}\` is connected in another block than the one that builds it` };
  const text = source.text;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const brief = (node: ts.Node) => `\`${node.getText(source).split('\n')[0]!.slice(0, 60)}\` (line ${lineOf(node)})`;
  const bound = new Set([serverName]);
  const moved: ts.Statement[] = [];
  const statements = [...scope.statements];
  for (const between of statements.slice(statements.indexOf(statement) + 1, statements.indexOf(connectStatement))) {
    const uses = mentionsIn(between, bound);
    if (uses.length === 0 || uses.every((id) => keptUse(id))) continue;
    if (connectsServer(between, bound)) return { why: `${brief(between)} connects ${serverName} too` };
    // `server = wrap(server)` rebinds the server: the build function's const cannot take it.
    const rebinds =
      ts.isExpressionStatement(between) &&
      ts.isBinaryExpression(between.expression) &&
      ts.isIdentifier(between.expression.left) &&
      between.expression.left.text === serverName;
    if (!ts.isExpressionStatement(between) || rebinds || registration(between, uses, bound)?.length !== 0)
      return { why: `${brief(between)} uses ${serverName} in a way that cannot move into a function that builds it` };
    moved.push(between);
  }
  const inMoved = (node: ts.Node) => moved.some((s) => node.pos >= s.pos && node.end <= s.end);
  for (const id of mentionsIn(handler.body!, bound)) {
    if (inMoved(id) || (id.pos >= statement.pos && id.end <= statement.end) || keptUse(id)) continue;
    return {
      why: `the handler uses the server \`${serverName}\` at line ${lineOf(id)} for more than building, storing, connecting and closing it (a 2026-era request would get a server without it)`,
    };
  }
  for (const node of [value, ...moved]) {
    const outer = outerName(node, handler, serverName);
    if (outer) return { why: `the server's construction or registrations read ${outer}, which the handler computes` };
    if (containsOwn(node, ts.SyntaxKind.AwaitExpression) || containsOwn(node, ts.SyntaxKind.YieldExpression))
      return { why: 'the registrations of the server wait for something (await)' };
  }
  const name = BUILD_NAMES.find((n) => !identifierUsed(source, n));
  if (!name) return { why: `${BUILD_NAMES.join(', ')} are already names in this file` };

  const unit = indentUnit(source, handler);
  const indentable = ![value, ...moved].some((s) => hasMultilineTemplate(s, source));
  const body: string[] = [];
  const reindent = (chunk: string, base: string) =>
    chunk
      .split(/\r?\n/)
      .map((line) =>
        !indentable || line.length === 0
          ? line
          : unit + (line.startsWith(base) ? line.slice(base.length) : line.trimStart()),
      );
  const statementIndent = indentOf(text, statement.getStart(source));
  body.push(...reindent(`const ${serverName} = ${value.getText(source)};`, statementIndent));
  moved.forEach((s) => {
    const start = chunkStart(source, s);
    if (/\n[ \t]*\r?\n[ \t]*$/.test(text.slice(0, start))) body.push('');
    body.push(...reindent(text.slice(start, s.getEnd()), indentOf(text, s.getStart(source))));
  });
  const declaration = [
    '// The server and its registrations, moved out of the request handler: the session code builds one per 2025-era',
    '// session, createMcpHandler one per 2026-era request.',
    `function ${name}() {`,
    ...body,
    `${unit}return ${serverName};`,
    '}',
  ];
  const edits: TextEdit[] = [{ start: value.getStart(source), end: value.getEnd(), text: `${name}()` }];
  for (const s of moved) {
    const edit = removeStatement(source, s);
    edits.push({ ...edit, start: Math.min(edit.start, chunkStart(source, s)) });
  }
  return { factory: `() => ${name}()`, declaration, edits: tidyBlankLines(text, edits) };
}

/** The statement that builds the server with `new` of an SDK class: its const's initializer, or its one `new` assignment. */
function constructionOf(
  source: ts.SourceFile,
  handler: ts.FunctionLikeDeclaration,
  name: string,
): { statement: ts.Statement; value: ts.Expression } | undefined {
  const found: Array<{ statement: ts.Statement; value: ts.Expression }> = [];
  let declared: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (node !== handler && ts.isFunctionLike(node)) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      declared ??= node;
      const list = node.parent;
      if (
        node.initializer &&
        ts.isVariableDeclarationList(list) &&
        list.declarations.length === 1 &&
        ts.isVariableStatement(list.parent)
      )
        found.push({ statement: list.parent, value: node.initializer });
    }
    if (
      ts.isExpressionStatement(node) &&
      ts.isBinaryExpression(node.expression) &&
      node.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.expression.left) &&
      node.expression.left.text === name
    )
      found.push({ statement: node, value: node.expression.right });
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(handler, visit);
  if (!declared) return undefined;
  const built = found.filter(({ value }) => isSdkServerNew(source, value));
  return built.length === 1 ? built[0] : undefined;
}

/** `new McpServer(...)` / `new Server(...)` of a class imported from an MCP SDK module. */
function isSdkServerNew(source: ts.SourceFile, value: ts.Expression): boolean {
  if (!ts.isNewExpression(value) || !ts.isIdentifier(value.expression)) return false;
  const className = value.expression.text;
  return source.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text.includes('modelcontextprotocol') &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some((e) => e.name.text === className),
  );
}

/** The statement of `scope` that holds `node`, when `scope` is a block. */
function ownStatement(node: ts.Node, scope: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && current.parent !== scope) current = current.parent;
  return current.parent === scope ? (current as ts.Statement) : undefined;
}

/**
 * A use of the server the session code keeps: its declaration or a rebinding (`server = sessions[id].server`), the
 * value stored in a record (`{ transport, server }`, `server: server`, `entry.server = server`), `server.connect(t)`,
 * `server.close()`.
 */
function keptUse(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isVariableDeclaration(parent) && parent.name === id) return true;
  if (ts.isShorthandPropertyAssignment(parent)) return true;
  if (ts.isPropertyAssignment(parent) && parent.initializer === id) return true;
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    return parent.right === id || (parent.left === id && !ts.isNewExpression(parent.right));
  return (
    ts.isPropertyAccessExpression(parent) &&
    parent.expression === id &&
    KEPT_METHODS.has(parent.name.text) &&
    ts.isCallExpression(parent.parent) &&
    parent.parent.expression === parent
  );
}

/**
 * A name `node` reads that the module-level function could not: declared in the handler or a function around it
 * (not in `node` itself); what is left is the module's or a global. `this` counts as one.
 */
function outerName(node: ts.Node, handler: ts.FunctionLikeDeclaration, serverName: string): string | undefined {
  // The server itself is the build function's own const, and the names `node` declares are its own.
  const own = new Set<string>([serverName]);
  collectDeclared(node, own);
  const local = new Set<string>();
  for (let fn: ts.Node | undefined = handler; fn; fn = enclosingFunction(fn)) collectDeclared(fn, local);
  let found: string | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if (n.kind === ts.SyntaxKind.ThisKeyword) found = 'this';
    // A name the handler or a function around it declares (shadowing a module-level one or not) is theirs.
    else if (ts.isIdentifier(n) && !isPropertyName(n) && !own.has(n.text) && local.has(n.text)) found = n.text;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** The names a node declares: parameters and every declaration under it (nested functions' included). */
function collectDeclared(fn: ts.Node, names: Set<string>): void {
  const declare = (binding: ts.BindingName): void => {
    if (ts.isIdentifier(binding)) names.add(binding.text);
    else for (const e of binding.elements) if (!ts.isOmittedExpression(e)) declare(e.name);
  };
  const visit = (n: ts.Node): void => {
    if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n)) && n.name) declare(n.name);
    if ((ts.isFunctionDeclaration(n) || ts.isClassDeclaration(n)) && n.name) names.add(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(fn);
}

/** The file's indent step: how far the handler's first statement sits in from the handler's own line. */
function indentUnit(source: ts.SourceFile, handler: ts.FunctionLikeDeclaration): string {
  const body = handler.body;
  const first = body && ts.isBlock(body) ? body.statements[0] : undefined;
  if (!first) return '  ';
  const outer = indentOf(source.text, handler.getStart(source));
  const inner = indentOf(source.text, first.getStart(source));
  return inner.startsWith(outer) && inner.length > outer.length ? inner.slice(outer.length) : '  ';
}
