// The stdio serving rewrite of a module-level server that other functions read (rewriteStdioServing.ts,
// wrapModuleServer): `const mcpServer = new McpServer(...)`, `function registerTools() { mcpServer.registerTool(...) }`
// called by `main()` before its connect, and signal handlers that `await mcpServer.close()`. The server becomes
// `let mcpServer = build();`, and the connect `serveStdio(async () => { mcpServer = build(); registerTools(); ...;
// return mcpServer; })`: the registration functions run in the factory on the instance it returns, and every other
// reader (a signal handler) reads the variable when it runs, so it reaches the instance that serves.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { isListenerRegistration, LISTENER_METHODS, removeStatement, usesOf } from './stdioScope.js';

/** The connect's replacement and the edits that take the registration calls out of the connecting function. */
export interface Rebound {
  serve: string;
  edits: TextEdit[];
}

/**
 * The plan when every statement that reads the server besides its top-level registrations (`blockers`) is one of:
 * the function whose body holds the connect (using it only there); a function declaration that only reads its
 * members (`mcpServer.registerTool(...)`), called only as statements of that body before the connect (`registerTools();`,
 * `await registerResources();`), which move into the factory in order; a listener registration (`process.on('SIGINT',
 * async () => { await mcpServer.close(); })`) whose callback only reads its members. Undefined otherwise.
 */
export function planRebound(
  source: ts.SourceFile,
  name: string,
  connect: ts.Statement,
  connectTop: ts.Statement,
  blockers: ts.Statement[],
): Rebound | undefined {
  const body = ts.isFunctionDeclaration(connectTop) ? connectTop.body : undefined;
  if (!body || connect.parent !== body) return undefined;
  const usesIn = (node: ts.Node) =>
    usesOf(source, ts.factory.createIdentifier(name)).filter((id) => id.pos >= node.pos && id.end <= node.end);
  const readsMembers = (node: ts.Node) =>
    usesIn(node).every((id) => ts.isPropertyAccessExpression(id.parent) && id.parent.expression === id);
  const registrations: ts.FunctionDeclaration[] = [];
  for (const statement of blockers) {
    if (statement === connectTop) return undefined;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body && readsMembers(statement)) {
      if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
      registrations.push(statement);
    } else if (!isListenerRegistration(statement, usesIn(statement)) || !readsMembers(statement)) return undefined;
  }
  const calls = new Set<ts.Statement>();
  for (const fn of registrations) {
    const uses = usesOf(source, fn.name!).filter((id) => id !== fn.name);
    if (uses.length === 0) return undefined;
    const found = uses.map((id) => registrationCall(id, body, connect));
    // `async function shutdown() { await server.close(); ... }`, only ever run later (`process.on('SIGINT',
    // shutdown)`, `shutdown().catch(...)` in another listener): like a listener, it reads the variable when it runs.
    if (found.some((call) => !call) && uses.every((id) => runsLater(id))) continue;
    for (const call of found) {
      if (!call) return undefined;
      calls.add(call);
    }
  }
  const moved = body.statements.filter((s) => calls.has(s));
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const at = connect.getStart(source);
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', at - 1) + 1, at))![0];
  const awaits = moved.some((s) => ts.isAwaitExpression((s as ts.ExpressionStatement).expression));
  const serve = [
    `serveStdio(${awaits ? 'async ' : ''}() => {`,
    `${indent}  ${name} = build();`,
    ...moved.map((s) => `${indent}  ${s.getText(source)}`),
    `${indent}  return ${name};`,
    `${indent}});`,
  ].join(newline);
  return { serve, edits: moved.map((s) => removeStatement(source, s)) };
}

/**
 * Whether a use of a function runs only after the module has loaded: passed by name as a listener
 * (`process.on('SIGINT', shutdown)`), or in a function written as an argument of a call (a callback), when that is
 * the innermost function around the use.
 */
function runsLater(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(id)) {
    const callee = parent.expression;
    if (ts.isPropertyAccessExpression(callee) && LISTENER_METHODS.has(callee.name.text)) return true;
  }
  let fn: ts.Node | undefined = parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  return (
    !!fn &&
    (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
    ts.isCallExpression(fn.parent) &&
    fn.parent.arguments.includes(fn)
  );
}

/** `f();` or `await f();` (no arguments), a statement of `body` before the connect, where `id` is `f`. */
function registrationCall(id: ts.Identifier, body: ts.Block, connect: ts.Statement): ts.Statement | undefined {
  const call = id.parent;
  if (!ts.isCallExpression(call) || call.expression !== id || call.arguments.length > 0) return undefined;
  const statement = ts.isAwaitExpression(call.parent) ? call.parent.parent : call.parent;
  if (!ts.isExpressionStatement(statement) || statement.parent !== body || statement.pos >= connect.pos)
    return undefined;
  return statement;
}
