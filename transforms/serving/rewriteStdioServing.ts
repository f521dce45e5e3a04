// The stdio serving rewrite (rewriteServing.ts): `server.connect(new StdioServerTransport())` on a server a function
// builds, or on a module-level server wrapped into `function build()`, becomes `serveStdio(() => build())`; the
// serveStdio import that goes with it.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { tidyBlankLines } from '../kit/tidyBlankLines.js';
import { importedFactory, importFactoryEdit } from './rewriteStdioImported.js';
import { planClassServer } from './rewriteStdioClass.js';
import { planInlineServer } from './rewriteStdioInline.js';
import { planRebound } from './rewriteStdioRebound.js';
import { resultUnused } from './rewriteStdioReturned.js';
import { namesStdioTransport, transportNewOf } from './servingSyntax.js';
import {
  connectsServer,
  constOf,
  hasMultilineTemplate,
  indentBlock,
  mentionsIn,
  removeStatement,
  rootOf,
  scopedUses,
  usesOf,
} from './stdioScope.js';
import { expressionStatementOf } from '../kit/syntax.js';
import { STDIO_MODULE } from './constants.js';
import type { ServingModules } from './types.js';

export type StdioPlan = { edits: TextEdit[]; factory: string } | { advice: string } | undefined;

/** The plan for one `.connect(transport)` call: rewrite, review with advice, or nothing (not a server's stdio connect). */
export function planStdio(source: ts.SourceFile, call: ts.CallExpression, modules?: ServingModules): StdioPlan {
  const receiver = (call.expression as ts.PropertyAccessExpression).expression;
  const transport = call.arguments[0]!;
  const statement = expressionStatementOf(call);
  // The block the connect is a statement of: the module, or a function's body (`async function main() { ... }`).
  const scope =
    statement && (ts.isSourceFile(statement.parent) || ts.isBlock(statement.parent)) ? statement.parent : undefined;
  const transportConst = ts.isIdentifier(transport) && scope ? constOf(scope, transport.text) : undefined;
  const transportNew = transportNewOf(source, call);
  const transportClass =
    transportNew && ts.isIdentifier(transportNew.expression) ? transportNew.expression.text : undefined;
  if (transportClass !== 'StdioServerTransport') {
    if (transportClass && /ServerTransport$/.test(transportClass)) {
      return {
        advice:
          `server.connect(new ${transportClass}(...)) serves 2025-era clients only: serve HTTP through createMcpHandler(build) from @modelcontextprotocol/server ` +
          '(one server per request from a factory; mount its fetch handler), keeping the session, auth and host/origin checks of this wiring',
      };
    }
    // A transport made elsewhere whose name says stdio (`deps.createStdioTransport()`): review, never a rewrite.
    if (!transportClass && namesStdioTransport(source, call))
      return {
        advice:
          `server.connect(${transport.getText(source)}) serves 2025-era clients only: build the server in a function (registrations included) and serve it with ` +
          "serveStdio(() => build()) from '@modelcontextprotocol/server/stdio' (pass this transport as its `transport` option if it is not the process's stdio)",
      };
    return undefined;
  }
  const advice =
    'server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with ' +
    "serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'";
  if ((transportNew?.arguments?.length ?? 0) > 0) return { advice };
  // A transport held in a let or a function's own variable: its declaration cannot be removed with the connect.
  if (ts.isIdentifier(transport) && !transportConst) return { advice };
  if (transportConst && scopedUses(scope!, transportConst).length !== 2) return { advice };
  if (!statement || !scope || !isSimpleConnectStatement(statement, call)) return { advice };
  return planServer(source, receiver, statement, scope, transportConst, advice, modules);
}

/** The server side of a stdio connect whose transport and statement the rewrite takes: which shape it is, and its edits. */
function planServer(
  source: ts.SourceFile,
  receiver: ts.Expression,
  statement: ts.Statement,
  scope: ts.SourceFile | ts.Block,
  transportConst: ts.VariableDeclaration | undefined,
  advice: string,
  modules: ServingModules | undefined,
): StdioPlan {
  // A class's `this.server` (a `run()` that connects it): built per connection by a method (rewriteStdioClass.ts).
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const transportStatement = transportConst?.parent.parent as ts.Statement | undefined;
    const planned = planClassServer(source, receiver, statement, transportStatement);
    if ('edits' in planned) return planned;
    return {
      advice:
        `${advice}. Not rewritten: the server is the property ${receiver.getText(source)} (${planned.why}), while serveStdio builds a server per connection from its factory: ` +
        'move its construction and registrations into a method that builds and returns a new server, ' +
        'serve serveStdio(() => this.buildServer()), and close through the handle serveStdio returns',
    };
  }
  // The server: `build(...)` itself, or a const holding `build(...)` that nothing but this connect uses.
  let factoryCall: ts.CallExpression | undefined;
  let serverConst: ts.VariableDeclaration | undefined;
  if (ts.isCallExpression(receiver)) factoryCall = receiver;
  else if (ts.isIdentifier(receiver)) {
    serverConst = constOf(scope, receiver.text);
    // `const server = build(...)`, or `await build(...)` (serveStdio takes a factory that returns a promise too).
    let initializer = serverConst?.initializer;
    if (initializer && ts.isAwaitExpression(initializer)) initializer = initializer.expression;
    if (initializer && ts.isCallExpression(initializer) && scopedUses(scope, serverConst!).length === 2)
      factoryCall = initializer;
  }
  // A server built in the function that connects it: its building statements move into the factory.
  if (!factoryCall && ts.isIdentifier(receiver) && ts.isBlock(scope)) {
    const transportStatement = transportConst?.parent.parent as ts.Statement | undefined;
    const inline = planInlineServer(
      source,
      scope,
      statement as ts.ExpressionStatement,
      receiver.text,
      transportStatement,
      (fn) => resultUnused(source.fileName, source.text, fn.name, fn.exported, modules),
    );
    if (inline && 'edits' in inline) return inline;
    if (inline) return { advice: `${advice}. Not rewritten: ${inline.why}` };
  }
  // A singleton imported from the module whose exported factory builds it: serve a fresh one from that factory.
  if (
    !factoryCall &&
    !serverConst &&
    ts.isIdentifier(receiver) &&
    ts.isBlock(scope) &&
    !constOf(source, receiver.text)
  ) {
    const imported = servedFromImport(source, scope, statement, receiver.text, transportConst, modules);
    if (imported) return imported;
  }
  // `async function main() { await server.connect(transport); }` on a module-level server: the module's const.
  if (!serverConst && ts.isIdentifier(receiver) && !ts.isSourceFile(scope)) {
    const moduleConst = constOf(source, receiver.text);
    if (moduleConst && ts.isNewExpression(moduleConst.initializer ?? receiver)) serverConst = moduleConst;
  }
  if (!factoryCall && serverConst && ts.isIdentifier(receiver) && serverConst.parent.parent.parent === source) {
    const wrapped = wrapModuleServer(source, serverConst, statement, transportConst);
    if (wrapped && 'why' in wrapped) return { advice: `${advice}. Not rewritten: ${wrapped.why}` };
    return (
      wrapped ?? {
        advice: `${advice}. This module-level server cannot be wrapped safely (it is exported, or used outside its own top-level registration statements): move its construction and registrations into that function by hand`,
      }
    );
  }
  if (!factoryCall || !ts.isIdentifier(factoryCall.expression) || !factoryCall.arguments.every(isPlainArgument))
    return { advice };
  return factoryEdits(source, factoryCall, statement, [serverConst, transportConst], advice);
}

/** `serveStdio(() => build(...))` in place of the connect statement; the server and transport consts removed. */
function factoryEdits(
  source: ts.SourceFile,
  factoryCall: ts.CallExpression,
  statement: ts.Statement,
  consts: Array<ts.VariableDeclaration | undefined>,
  advice: string,
): StdioPlan {
  const factory = factoryCall.getText(source);
  const edits: TextEdit[] = [
    { start: statement.getStart(source), end: statement.getEnd(), text: `serveStdio(() => ${factory});` },
  ];
  for (const declaration of consts) {
    const list = declaration?.parent;
    const declarationStatement = list?.parent;
    if (
      !declaration ||
      !list ||
      !ts.isVariableDeclarationList(list) ||
      list.declarations.length !== 1 ||
      !declarationStatement ||
      !ts.isVariableStatement(declarationStatement)
    ) {
      if (declaration) return { advice };
      continue;
    }
    edits.push(removeStatement(source, declarationStatement));
  }
  return { edits, factory };
}

/** `await mcpServer.connect(transport)` on an imported singleton whose factory may build another: `serveStdio(() => factory())`. */
function servedFromImport(
  source: ts.SourceFile,
  scope: ts.Block,
  connect: ts.Statement,
  name: string,
  transportConst: ts.VariableDeclaration | undefined,
  modules: ServingModules | undefined,
): StdioPlan {
  // Not shadowed by a parameter or local of an enclosing function, and not used elsewhere in this block.
  for (let node: ts.Node | undefined = scope; node && node !== source; node = node.parent)
    if (ts.isFunctionLike(node) && node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name))
      return undefined;
  if (mentionsIn(scope, new Set([name])).length !== 1) return undefined;
  const found = modules && importedFactory(source, name, modules.lookup, modules.texts);
  if (!found) return undefined;
  const edits: TextEdit[] = [
    { start: connect.getStart(source), end: connect.getEnd(), text: `serveStdio(() => ${found.factory});` },
    ...importFactoryEdit(source, found),
  ];
  if (transportConst) edits.push(removeStatement(source, transportConst.parent.parent as ts.Statement));
  return { edits, factory: found.factory };
}

/**
 * A module-level `const server = new McpServer(...)` whose every use is a top-level statement rooted at it
 * (`server.registerTool(...)`, `server.server.oninitialized = ...`) or a call handing it to a helper
 * (`registerSearchTool(server, hub)`), and the connect (at the top level, or alone in a function such as `main()`): the declaration and those
 * statements move, in order, into `function build()` at the declaration's place, and the connect becomes
 * `serveStdio(() => build())`. The function runs when a client connects, after the module has loaded, so
 * registrations may use anything the module declares. Not when the server is exported or used anywhere else
 * (another module or function would keep a server that no longer serves).
 */
function wrapModuleServer(
  source: ts.SourceFile,
  serverConst: ts.VariableDeclaration,
  connect: ts.Statement,
  transportConst: ts.VariableDeclaration | undefined,
): StdioPlan | { why: string } | undefined {
  const name = (serverConst.name as ts.Identifier).text;
  const initializer = serverConst.initializer;
  const declaration = serverConst.parent.parent;
  if (
    !initializer ||
    !ts.isNewExpression(initializer) ||
    !ts.isVariableStatement(declaration) ||
    !ts.isVariableDeclarationList(serverConst.parent) ||
    serverConst.parent.declarations.length !== 1
  )
    return undefined;
  if (declaration.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
  // The top-level statement holding the connect: itself, or the function it is in (`async function main()`), where
  // the server may have no other use.
  const connectTop = topLevelOf(source, connect);
  if (!connectTop) return undefined;
  if (source.statements.some((s) => ts.isExportDeclaration(s) || ts.isExportAssignment(s))) return undefined;
  if (
    source.statements.some((s) => ts.isFunctionDeclaration(s) && s.name?.text === 'build') ||
    constOf(source, 'build')
  )
    return undefined;
  const moved: ts.Statement[] = [];
  const blockers: ts.Statement[] = [];
  for (const statement of source.statements) {
    if (statement === declaration || statement === connect) continue;
    if (transportConst && statement === transportConst.parent.parent) continue;
    const uses = usesOf(source, serverConst.name).filter((id) => id.pos >= statement.pos && id.end <= statement.end);
    if (uses.length === 0) continue;
    if (statement === connectTop) {
      if (uses.every((id) => id.pos >= connect.pos && id.end <= connect.end)) continue;
      blockers.push(statement);
      continue;
    }
    // `server.registerTool(...)`, or the server handed to a registration helper: `registerSearchTool(server, hub)`.
    const expression = ts.isExpressionStatement(statement) ? statement.expression : undefined;
    const handed =
      !!expression &&
      ts.isCallExpression(expression) &&
      uses.every((id) => expression.arguments.some((argument) => argument === id));
    if (!expression || (rootOf(expression) !== name && !handed) || connectsServer(statement, new Set([name])))
      blockers.push(statement);
    else moved.push(statement);
  }
  // Functions that read the server (registerTools(), a signal handler): the server is rebound per connection.
  const rebound = blockers.length > 0 ? planRebound(source, name, connect, connectTop, blockers) : undefined;
  if (blockers.length > 0 && !rebound) return { why: usedElsewhere(source, name, blockers) };
  if (moved.length === 0 && !rebound) return undefined;
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  // Re-indenting would change the text of a template literal spanning lines: keep such code as it is.
  const indentable = ![declaration, ...moved].some((s) => hasMultilineTemplate(s, source));
  const body = [declaration, ...moved].map((s) => indentBlock(s.getText(source), indentable ? '  ' : '', newline));
  const isTs = /\.[cm]?tsx?$/.test(source.fileName);
  const head = `function build()${isTs && ts.isIdentifier(initializer.expression) ? `: ${initializer.expression.text}` : ''} {`;
  const fn = [head, ...body, `  return ${name};`, '}'].join(newline);
  const kept = rebound ? `${newline}${newline}let ${name} = build();` : '';
  const edits: TextEdit[] = [{ start: declaration.getStart(source), end: declaration.getEnd(), text: fn + kept }];
  for (const statement of moved) edits.push(removeStatement(source, statement));
  const serve = rebound?.serve ?? 'serveStdio(() => build());';
  edits.push({ start: connect.getStart(source), end: connect.getEnd(), text: serve }, ...(rebound?.edits ?? []));
  if (transportConst) edits.push(removeStatement(source, transportConst.parent.parent as ts.Statement));
  // The blank lines that separated the moved statements go with them.
  return {
    edits: tidyBlankLines(text, edits),
    factory: rebound ? `{ ${name} = build(); ...; return ${name}; }` : 'build()',
  };
}

/**
 * Why a module-level server stays: the statements that use it other than by registering on it at the top level
 * (functions that read it, such as `registerTools()` or a signal handler that closes it), named with their lines.
 */
function usedElsewhere(source: ts.SourceFile, name: string, blockers: ts.Statement[]): string {
  const named = blockers.slice(0, 4).map((statement) => {
    const line = source.getLineAndCharacterOfPosition(statement.getStart(source)).line + 1;
    const label =
      ts.isFunctionDeclaration(statement) && statement.name
        ? `function ${statement.name.text}()`
        : `\`${statement.getText(source).split('\n')[0]!.trim().slice(0, 40)}\``;
    return `${label} (line ${line})`;
  });
  const more = blockers.length > 4 ? ` and ${blockers.length - 4} more` : '';
  return (
    `the module-level ${name} is also read by ${named.join(', ')}${more}, which would keep a server that no longer serves: ` +
    `give those functions the server as a parameter and call them from build() (const server = new ...; registerTools(server); return server), ` +
    `and close or notify the instance serveStdio builds (a signal handler: keep the handle serveStdio returns and call its close())`
  );
}

/** The statement of the module that holds `node` (a function declaration holding it, or the node's own statement). */
function topLevelOf(source: ts.SourceFile, node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent && current.parent !== source) current = current.parent;
  return current.parent === source ? (current as ts.Statement) : undefined;
}

/**
 * `await x.connect(t);`, `x.connect(t);` or `void x.connect(t);` as a statement of its own, or `x.connect(t).catch(f);`:
 * the connect of a fresh `new StdioServerTransport()` (the only transport this rewrite takes) rejects only when the
 * transport was started already, so its `.catch` handler can never run and goes with it.
 */
function isSimpleConnectStatement(statement: ts.Statement, call: ts.CallExpression): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  let expression: ts.Expression = statement.expression;
  if (ts.isAwaitExpression(expression) || ts.isVoidExpression(expression)) expression = expression.expression;
  if (
    ts.isCallExpression(expression) &&
    ts.isPropertyAccessExpression(expression.expression) &&
    expression.expression.name.text === 'catch' &&
    expression.arguments.length === 1
  )
    expression = expression.expression.expression;
  return expression === call;
}

function isPlainArgument(argument: ts.Expression): boolean {
  return (
    ts.isIdentifier(argument) ||
    ts.isStringLiteral(argument) ||
    ts.isNumericLiteral(argument) ||
    argument.kind === ts.SyntaxKind.TrueKeyword ||
    argument.kind === ts.SyntaxKind.FalseKeyword
  );
}

/** Import serveStdio from the stdio entry; drop StdioServerTransport from it when the rewrite removed its last use. */
export function importEdits(
  source: ts.SourceFile,
  stdioImport: ts.ImportDeclaration | undefined,
  edits: TextEdit[],
): TextEdit[] {
  const quote = stdioImport?.moduleSpecifier.getText(source).startsWith("'") ? "'" : '"';
  const remaining = usesOf(source, ts.factory.createIdentifier('StdioServerTransport')).filter(
    (id) => !edits.some((e) => id.getStart(source) >= e.start && id.getEnd() <= e.end),
  );
  const bindings = stdioImport?.importClause?.namedBindings;
  if (stdioImport && bindings && ts.isNamedImports(bindings) && !stdioImport.importClause?.isTypeOnly) {
    const names = bindings.elements
      .map((e) => e.getText(source))
      .filter((n) => !(n === 'StdioServerTransport' && remaining.length === 1));
    if (!names.includes('serveStdio')) names.push('serveStdio');
    return [{ start: bindings.getStart(source), end: bindings.getEnd(), text: `{ ${names.join(', ')} }` }];
  }
  const first = source.statements.find((s) => ts.isImportDeclaration(s));
  const at = first ? first.getStart(source) : 0;
  return [{ start: at, end: at, text: `import { serveStdio } from ${quote}${STDIO_MODULE}${quote};\n` }];
}
