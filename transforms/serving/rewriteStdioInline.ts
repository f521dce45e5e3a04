// The stdio serving rewrite of a server built in the function that connects it (rewriteStdioServing.ts): its
// declaration and the statements that register on it move into the factory `serveStdio(() => { ...; return server; })`
// at the connect's place.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { returningFunction } from './rewriteStdioReturned.js';
import {
  connectsServer,
  containsOwn,
  hasMultilineTemplate,
  isListenerRegistration,
  mentionsIn,
  namesOf,
  registration,
  removeStatement,
} from './stdioScope.js';
import { chunkStart } from '../kit/syntax.js';
import { tidyBlankLines } from '../kit/tidyBlankLines.js';

/** Rewrite edits and the factory's description, why not (the advice's tail), or nothing (not this shape). */
export type InlinePlan = { edits: TextEdit[]; factory: string } | { why: string } | undefined;

/**
 * `const server = new McpServer(...)` (or `= build(...)`, `await ...`, `const { server, cleanup } = build()`) in the
 * block that connects it (`async function main() { ...; await server.connect(transport); }`): serveStdio builds the
 * server when the connection opens (once per connection; the factory runs again only when a 2026-era probe is
 * followed by a 2025-era opening, MRTR.md section 3), so the declaration and the statements between it and the
 * connect that use it (`server.registerTool(...)`, `registerAll(server)`, `const elicitor = makeElicitor(server)`)
 * move into an arrow factory at the connect's place, in order; statements that do not use it stay where they are.
 * After the connect, a listener registration whose callback uses it (`process.on('SIGINT', async () => {
 * await server.close(); cleanup(); })`) moves into the factory with it; any other use after the connect (the server
 * returned, logged, closed in place) is a reason to leave the connect for review. The arrow keeps `this`.
 */
export function planInlineServer(
  source: ts.SourceFile,
  scope: ts.Block,
  connect: ts.ExpressionStatement,
  serverName: string,
  transportStatement: ts.Statement | undefined,
  resultUnused?: (fn: { name: string; exported: boolean }) => boolean,
): InlinePlan {
  const statements = [...scope.statements];
  const at = statements.indexOf(connect);
  const declarationAt = statements.findIndex((s, i) => i < at && bindsServer(s, serverName));
  if (at < 0 || declarationAt < 0) return undefined;
  const declaration = statements[declarationAt] as ts.VariableStatement;
  const built = declaration.declarationList.declarations[0]!.name;
  const bound = new Set(namesOf(built));
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const brief = (node: ts.Node) => `\`${node.getText(source).split('\n')[0]!.slice(0, 60)}\` (line ${lineOf(node)})`;
  for (const statement of statements.slice(0, declarationAt))
    if (mentionsIn(statement, bound).length > 0)
      return { why: `${brief(statement)} uses ${serverName} before it is built` };
  const moved: ts.Statement[] = [declaration];
  for (const statement of statements.slice(declarationAt + 1, at)) {
    if (statement === transportStatement) continue;
    const uses = mentionsIn(statement, bound);
    if (uses.length === 0) continue;
    if (connectsServer(statement, bound))
      return {
        why: `${brief(statement)} connects ${uses[0]!.text} too: serve it once, with serveStdio(() => build()) where the stdio connect is`,
      };
    const declared = registration(statement, uses, bound);
    if (!declared && uses.every((id) => id.text !== serverName) && ts.isObjectBindingPattern(built))
      return { why: buildsMore(source, declaration, serverName, brief(statement)) };
    if (!declared)
      return {
        why: `${brief(statement)} uses ${uses[0]!.text} in a way that cannot move into the factory: move what builds the server into a function and serve it with serveStdio(() => build())`,
      };
    for (const name of declared) bound.add(name);
    moved.push(statement);
  }
  const connectUses = mentionsIn(connect, bound).filter((id) => id.text !== serverName || !isReceiverOf(id, connect));
  if (connectUses.length > 0) return { why: `the connect statement itself uses ${connectUses[0]!.text}` };
  const after: ts.Statement[] = [];
  let returned: ts.ReturnStatement | undefined;
  // `function shutdown() { void server.close(); ... }` after the connect, only ever a listener
  // (`process.on('SIGINT', shutdown)`): it moves into the factory with its registrations.
  const listeners = new Set<string>();
  for (const statement of statements.slice(at + 1)) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name || mentionsIn(statement, bound).length === 0) continue;
    const name = statement.name.text;
    const only = new Set([name]);
    const onlyListened = statements.every((s, i) => {
      const mentions = s === statement ? [] : mentionsIn(s, only);
      return mentions.length === 0 || (i > at && isListenerRegistration(s, mentions, only));
    });
    if (!onlyListened) continue;
    listeners.add(name);
    bound.add(name);
  }
  for (const statement of statements.slice(at + 1)) {
    const uses = mentionsIn(statement, bound);
    if (uses.length === 0) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && listeners.has(statement.name.text)) {
      after.push(statement);
      continue;
    }
    if (ts.isReturnStatement(statement) && statement.expression && ts.isIdentifier(statement.expression)) {
      // `return server;` last, from a function whose every caller drops the result (rewriteStdioReturned.ts): it goes.
      const fn = statement === statements[statements.length - 1] ? returningFunction(scope) : undefined;
      if (statement.expression.text === serverName && fn && resultUnused?.(fn)) {
        returned = statement;
        continue;
      }
      return { why: returnedServer(source, declaration, statement, brief(statement)) };
    }
    if (!isListenerRegistration(statement, uses, listeners))
      return {
        why: `${brief(statement)} uses ${uses[0]!.text} after the connect (serveStdio builds the server per connection, so only the factory can hold it): keep what needs the server inside the factory`,
      };
    after.push(statement);
  }
  const all = [...moved, ...after];
  if (all.some((s) => containsOwn(s, ts.SyntaxKind.YieldExpression)))
    return { why: 'the statements that build the server yield' };
  const factory = `{ const ${built.getText(source)} = ...; return ${serverName}; }`;
  const removed = [transportStatement, returned].filter((s): s is ts.Statement => s !== undefined);
  return { edits: inlineEdits(source, connect, moved, after, serverName, removed), factory };
}

/** The advice's tail for `return server;` after the connect (a `startServer()` whose caller may hold the server). */
function returnedServer(
  source: ts.SourceFile,
  declaration: ts.VariableStatement,
  returned: ts.ReturnStatement,
  brief: string,
): string {
  let initializer = declaration.declarationList.declarations[0]!.initializer!;
  if (ts.isAwaitExpression(initializer)) initializer = initializer.expression;
  const build = initializer.getText(source).split('\n')[0]!.slice(0, 60);
  const fn = returned.parent.parent;
  const name =
    fn && ts.isFunctionLike(fn) && fn.name && ts.isIdentifier(fn.name) ? `${fn.name.text}()` : 'this function';
  return (
    `${name} returns the server after connecting it, ${brief}, and serveStdio builds a server per connection, so there is none to return: ` +
    `where no caller uses ${name}'s result, remove that return and replace the transport and the connect with serveStdio(() => ${build}) ` +
    `(the server is then built when a client connects); otherwise keep what the caller does with the server inside that factory`
  );
}

/** The advice's tail for `const { server, bridge } = createServer()` whose other values this function keeps using. */
function buildsMore(
  source: ts.SourceFile,
  declaration: ts.VariableStatement,
  serverName: string,
  brief: string,
): string {
  const built = declaration.declarationList.declarations[0]!;
  const others = namesOf(built.name).filter((n) => n !== serverName);
  let initializer = built.initializer!;
  if (ts.isAwaitExpression(initializer)) initializer = initializer.expression;
  const call = initializer.getText(source).split('\n')[0]!.slice(0, 60);
  return (
    `${call} builds more than the server: ${others.join(', ')} ${others.length > 1 ? 'are' : 'is'} used by ${brief}, and serveStdio calls its factory per connection: ` +
    `split it into what is built once (kept here) and a function that builds only the server and its registrations, served with serveStdio(() => thatFunction(...))`
  );
}

/** A `const` statement of one declaration binding `name` (directly or in an object pattern) to a call or `new`. */
function bindsServer(statement: ts.Statement, name: string): statement is ts.VariableStatement {
  if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) return false;
  const [declaration, ...more] = statement.declarationList.declarations;
  if (!declaration || more.length > 0 || !namesOf(declaration.name).includes(name)) return false;
  if (ts.isObjectBindingPattern(declaration.name) && declaration.name.elements.some((e) => e.dotDotDotToken))
    return false;
  let initializer = declaration.initializer;
  if (initializer && ts.isAwaitExpression(initializer)) initializer = initializer.expression;
  return !!initializer && (ts.isCallExpression(initializer) || ts.isNewExpression(initializer));
}

function isReceiverOf(id: ts.Identifier, connect: ts.ExpressionStatement): boolean {
  return (
    ts.isPropertyAccessExpression(id.parent) &&
    id.parent.expression === id &&
    id.parent.name.text === 'connect' &&
    id.pos >= connect.pos &&
    id.end <= connect.end
  );
}

/** Remove the moved statements (with their own comment lines) and put them in the factory at the connect's place. */
function inlineEdits(
  source: ts.SourceFile,
  connect: ts.ExpressionStatement,
  moved: ts.Statement[],
  after: ts.Statement[],
  serverName: string,
  alsoRemoved: ts.Statement[],
): TextEdit[] {
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const connectStart = connect.getStart(source);
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', connectStart - 1) + 1, connectStart))![0];
  const all = [...moved, ...after];
  const indentable = !all.some((s) => hasMultilineTemplate(s, source));
  const lines: string[] = [];
  all.forEach((statement, i) => {
    const start = chunkStart(source, statement);
    if (i > 0 && /\n[ \t]*\r?\n[ \t]*$/.test(text.slice(0, start))) lines.push('');
    for (const line of text.slice(start, statement.getEnd()).split(/\r?\n/))
      lines.push(line.length > 0 && indentable ? `  ${line}` : line);
  });
  const async = all.some((s) => containsOwn(s, ts.SyntaxKind.AwaitExpression)) ? 'async ' : '';
  const factory = [`serveStdio(${async}() => {`, ...lines, `${indent}  return ${serverName};`, `${indent}});`];
  // The comment lines of a statement removed for good (the transport's const: `// Create transport and connect`)
  // are the user's: they stay, above what takes the connect's place.
  const kept = alsoRemoved.flatMap((statement) => ownCommentLines(source, statement));
  if (kept.length > 0) {
    factory[0] = `${indent}${factory[0]}`;
    factory.unshift(...kept.map((line, i) => (i === 0 ? line.trimStart() : line)));
  }
  const edits: TextEdit[] = [{ start: connectStart, end: connect.getEnd(), text: factory.join(newline) }];
  for (const statement of [...all, ...alsoRemoved]) {
    const edit = removeStatement(source, statement);
    edits.push({ ...edit, start: Math.min(edit.start, chunkStart(source, statement)) });
  }
  return tidyBlankLines(text, edits);
}

/** The comment lines above `statement` that go with it (chunkStart), as they stand in the text. */
function ownCommentLines(source: ts.SourceFile, statement: ts.Statement): string[] {
  const start = chunkStart(source, statement);
  const lineStart = source.text.lastIndexOf('\n', statement.getStart(source) - 1) + 1;
  if (lineStart <= start) return [];
  return source.text
    .slice(start, lineStart)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
}
