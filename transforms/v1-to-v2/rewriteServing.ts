import { ts } from 'ts-morph';
import { applyEdits, type TextEdit } from '../../lib/edits.js';
import type { Finding } from '../../lib/model.js';
import { V1_TO_V2_ID } from './runOfficialCodemod.js';

const STDIO_MODULE = '@modelcontextprotocol/server/stdio';

export interface ServingOutcome {
  text: string;
  findings: Finding[];
}

/**
 * Serve 2026-era clients too: the official codemod keeps `server.connect(new StdioServerTransport())`, which
 * serves 2025-era clients only (MRTR.md section 3). A connect on a server a function builds becomes
 * `serveStdio(() => build(...))`, which pins one instance from the factory per connection and picks the era
 * from the opening exchange. Rewritten when the server is `build(...)` itself, or a const holding it that
 * nothing else uses, and the transport is a fresh `new StdioServerTransport()` (inline, or a const used only
 * there); the factory's arguments must be plain names or literals (they are read when the factory runs).
 * Every other `.connect(...)` of a v2 transport is a review finding with the advice to apply by hand.
 */
export function rewriteServing(file: string, text: string): ServingOutcome {
  const findings: Finding[] = [];
  // Only v2 code: a file the official codemod left on v1 keeps its v1 transport.
  if (!text.includes('.connect(') || !text.includes('@modelcontextprotocol/server')) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const stdioImport = source.statements.find(
    (s): s is ts.ImportDeclaration => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && s.moduleSpecifier.text === STDIO_MODULE,
  );
  const edits: TextEdit[] = [];
  let rewrote = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'connect' && node.arguments.length === 1) {
      const plan = planStdio(source, node);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (plan && 'edits' in plan) {
        edits.push(...plan.edits);
        rewrote++;
        findings.push(finding('served-by-serve-stdio', 'info', file, line, `served through serveStdio(() => ${plan.factory}): one instance per connection, 2026-era and 2025-era clients`));
      } else if (plan) {
        findings.push(finding('serving-2025-only', 'review', file, line, plan.advice));
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (rewrote === 0) return { text, findings };
  edits.push(...importEdits(source, stdioImport, edits));
  return { text: applyEdits(text, edits), findings };
}

type StdioPlan = { edits: TextEdit[]; factory: string } | { advice: string } | undefined;

/** The plan for one `.connect(transport)` call: rewrite, review with advice, or nothing (not a server's stdio connect). */
function planStdio(source: ts.SourceFile, call: ts.CallExpression): StdioPlan {
  const receiver = (call.expression as ts.PropertyAccessExpression).expression;
  const transport = call.arguments[0]!;
  const transportConst = ts.isIdentifier(transport) ? constOf(source, transport.text) : undefined;
  const transportNew = ts.isNewExpression(transport) ? transport : transportConst?.initializer && ts.isNewExpression(transportConst.initializer) ? transportConst.initializer : undefined;
  const transportClass = transportNew && ts.isIdentifier(transportNew.expression) ? transportNew.expression.text : undefined;
  if (transportClass !== 'StdioServerTransport') {
    if (transportClass && /ServerTransport$/.test(transportClass)) {
      return {
        advice:
          `server.connect(new ${transportClass}(...)) serves 2025-era clients only: serve HTTP through createMcpHandler(build) from @modelcontextprotocol/server ` +
          '(one server per request from a factory; mount its fetch handler), keeping the session, auth and host/origin checks of this wiring',
      };
    }
    return undefined;
  }
  const advice =
    'server.connect(new StdioServerTransport()) serves 2025-era clients only: build the server in a function (registrations included) and serve it with ' +
    "serveStdio(() => build()) from '@modelcontextprotocol/server/stdio'";
  if ((transportNew?.arguments?.length ?? 0) > 0) return { advice };
  if (transportConst && usesOf(source, transportConst.name).length !== 2) return { advice };
  const statement = statementOf(call);
  if (!statement || !isSimpleConnectStatement(statement, call)) return { advice };
  // The server: `build(...)` itself, or a const holding `build(...)` that nothing but this connect uses.
  let factoryCall: ts.CallExpression | undefined;
  let serverConst: ts.VariableDeclaration | undefined;
  if (ts.isCallExpression(receiver)) factoryCall = receiver;
  else if (ts.isIdentifier(receiver)) {
    serverConst = constOf(source, receiver.text);
    if (serverConst?.initializer && ts.isCallExpression(serverConst.initializer) && usesOf(source, serverConst.name).length === 2) factoryCall = serverConst.initializer;
  }
  if (!factoryCall || !ts.isIdentifier(factoryCall.expression) || !factoryCall.arguments.every(isPlainArgument)) return { advice };
  const factory = factoryCall.getText(source);
  const edits: TextEdit[] = [{ start: statement.getStart(source), end: statement.getEnd(), text: `serveStdio(() => ${factory});` }];
  for (const declaration of [serverConst, transportConst]) {
    const list = declaration?.parent;
    const declarationStatement = list?.parent;
    if (!declaration || !list || !ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !declarationStatement || !ts.isVariableStatement(declarationStatement)) {
      if (declaration) return { advice };
      continue;
    }
    edits.push(removeStatement(source, declarationStatement));
  }
  return { edits, factory };
}

/** `await x.connect(t);`, `x.connect(t);` or `void x.connect(t);` as a statement of its own. */
function isSimpleConnectStatement(statement: ts.Statement, call: ts.CallExpression): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  let expression: ts.Expression = statement.expression;
  if (ts.isAwaitExpression(expression) || ts.isVoidExpression(expression)) expression = expression.expression;
  return expression === call;
}

function statementOf(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node | undefined = node;
  while (current && !ts.isExpressionStatement(current)) {
    if (ts.isBlock(current) || ts.isSourceFile(current) || ts.isFunctionLike(current)) return undefined;
    current = current.parent;
  }
  return current;
}

function isPlainArgument(argument: ts.Expression): boolean {
  return ts.isIdentifier(argument) || ts.isStringLiteral(argument) || ts.isNumericLiteral(argument) || argument.kind === ts.SyntaxKind.TrueKeyword || argument.kind === ts.SyntaxKind.FalseKeyword;
}

/** A top-level `const name = ...` of the file. */
function constOf(source: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
  }
  return undefined;
}

/** Every identifier in the file spelled like the declared name (declaration included): a conservative use count. */
function usesOf(source: ts.SourceFile, name: ts.BindingName): ts.Identifier[] {
  if (!ts.isIdentifier(name)) return [];
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name.text) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function removeStatement(source: ts.SourceFile, statement: ts.Statement): TextEdit {
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

/** Import serveStdio from the stdio entry; drop StdioServerTransport from it when the rewrite removed its last use. */
function importEdits(source: ts.SourceFile, stdioImport: ts.ImportDeclaration | undefined, edits: TextEdit[]): TextEdit[] {
  const quote = stdioImport?.moduleSpecifier.getText(source).startsWith("'") ? "'" : '"';
  const remaining = usesOf(source, ts.factory.createIdentifier('StdioServerTransport')).filter((id) => !edits.some((e) => id.getStart(source) >= e.start && id.getEnd() <= e.end));
  const bindings = stdioImport?.importClause?.namedBindings;
  if (stdioImport && bindings && ts.isNamedImports(bindings) && !stdioImport.importClause?.isTypeOnly) {
    const names = bindings.elements.map((e) => e.getText(source)).filter((n) => !(n === 'StdioServerTransport' && remaining.length === 1));
    if (!names.includes('serveStdio')) names.push('serveStdio');
    return [{ start: bindings.getStart(source), end: bindings.getEnd(), text: `{ ${names.join(', ')} }` }];
  }
  const first = source.statements.find((s) => ts.isImportDeclaration(s));
  const at = first ? first.getStart(source) : 0;
  return [{ start: at, end: at, text: `import { serveStdio } from ${quote}${STDIO_MODULE}${quote};\n` }];
}

function finding(reason: string, decision: 'review' | 'info', file: string, line: number, message: string): Finding {
  return { transform: V1_TO_V2_ID, reason, decision, level: decision === 'review' ? 'warning' : 'info', file, line, message };
}

function scriptKindOf(fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
