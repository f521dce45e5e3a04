import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { expressBody, nestedPostPoint, nodeBody, parsedBodyOption } from './httpBody.js';
import { planHttpInlineServer, type InlineBuild } from './httpInlineServer.js';
import { mountOf, type Mount } from './httpMount.js';
import {
  callsNamed,
  enclosingFunction,
  identifiersIn,
  identifierUsed,
  importsName,
  indentOf,
  isInside,
  isModuleLevelName,
  localConst,
  topLevelStatement,
} from '../kit/syntax.js';

const SERVER_MODULE = '@modelcontextprotocol/server';
const NODE_MODULE = '@modelcontextprotocol/node';
// The v1 transport's own DNS-rebinding checks: the 2026-era leg never reaches that transport.
const TRANSPORT_HOST_CHECKS = ['enableDnsRebindingProtection', 'allowedHosts', 'allowedOrigins'];
const HANDLER_NAMES = ['mcpHandler', 'modernMcpHandler'];
// Access decisions in a handler: auth headers and info, Host checks, 401/403 answers.
const ACCESS_CHECK =
  /\bauthorization\b|\.auth\b|headers\.host\b|header\(\s*['"]host['"]|\b40[13]\b|forbidden|unauthori[sz]ed/i;

export type HttpPlan =
  { edits: TextEdit[]; imports: Record<string, string[]>; factory: string; route: string } | { advice: string };

/**
 * Serve 2026-era clients next to an existing Streamable HTTP wiring (MRTR.md section 3): the official codemod keeps
 * `server.connect(transport)` in the request handler, which serves 2025-era clients only. The request handler
 * gains one branch, before its session/transport code and after any check it makes first: a request that
 * `isLegacyRequest` does not classify as 2025-era goes to `createMcpHandler(() => build(), { legacy: 'reject' })`
 * (one server per request from the same factory; mounted with `toNodeHandler` on node:http and Express), and every
 * 2025-era request goes on to the code that was there, so 2025-era clients keep their sessions and their asks
 * (`createMcpHandler` alone would serve them statelessly, and an instance that never saw their `initialize` cannot
 * ask them anything). App-level middleware (auth, `hostHeaderValidation`, `createMcpExpressApp`) and route-level
 * middleware run before the handler, so they cover both eras; Express's `req.auth` reaches handlers as
 * `ctx.http.authInfo` through `toNodeHandler`.
 *
 * Rewritten when: the connect sits in the request handler itself (an Express/Hono route callback, or the
 * listener of `createServer`), the server is `factory(...)` of a module-level function (inline or a const used
 * only by `connect`/`close`) with plain arguments, the transport's options carry no host/origin checks of its own,
 * and the handler hands the transport a body the branch can read too (Express: `req.body` behind a JSON parser;
 * node:http: a const/let body declared before the session code; Hono: the raw request). Otherwise: advice.
 */
export function planHttpServing(
  source: ts.SourceFile,
  call: ts.CallExpression,
  transportNew: ts.NewExpression,
  kind: 'node' | 'web',
): HttpPlan | undefined {
  const transportClass = (transportNew.expression as ts.Identifier).text;
  const wiring =
    `server.connect(new ${transportClass}(...)) serves 2025-era clients only. Route each request: when isLegacyRequest(request) (from ${SERVER_MODULE}) is false, ` +
    `serve it with createMcpHandler(() => build(), { legacy: 'reject' }) (mounted with toNodeHandler from ${NODE_MODULE} on node:http/Express, or its fetch on web-standard hosts), ` +
    'otherwise go on to this sessionful code, so 2025-era clients keep their sessions and asks; put the branch after your auth and host/origin checks';
  const review = (why: string): HttpPlan => ({ advice: `${wiring}. Not rewritten: ${why}` });

  const hostChecks = transportHostChecks(transportNew);
  if (hostChecks) return review(hostChecks.why);
  const served = servedHandler(source, call, kind);
  if (served === undefined) return undefined;
  if ('why' in served) return review(served.why);
  const point = branchPoint(source, call, served);
  if ('why' in point) return review(point.why);
  const name = freeHandlerName(source);
  if (typeof name !== 'string') return review(name.why);
  const branch = eraBranch(source, served, point, name);
  if ('why' in branch) return review(branch.why);
  return {
    edits: servingEdits(source, served, point, name, branch),
    imports: branch.imports,
    factory: served.factory,
    route: served.mount.route,
  };
}

/** Why a step leaves the wiring to the user (the advice says it after "Not rewritten:"). */
interface Refusal {
  why: string;
}

/** The request handler around the connect: where it is mounted, what it names its parameters, the server factory. */
interface ServedHandler {
  handler: ts.FunctionLikeDeclaration;
  body: ts.Block;
  mount: Mount;
  request: string;
  response: string | undefined;
  factory: string;
  /** A server built in the handler: the module-level function it moves into, and the handler's edits. */
  inline?: InlineBuild;
}

/** Where the branch goes in the handler body (before statement `at`), and the handler's `handleRequest` calls. */
interface BranchPoint {
  /** The handler's body, or a block in it (nestedPostPoint). */
  block: ts.Block;
  at: number;
  before: ts.Statement[];
  handleCalls: ts.CallExpression[];
}

/** The branch's lines, the new handler it calls (`mounted`), and the names to import for both, by module. */
interface EraBranch {
  branch: string[];
  mounted: string;
  imports: Record<string, string[]>;
}

/** A refusal when the transport's options cannot be read or carry host/origin checks of their own. */
function transportHostChecks(transportNew: ts.NewExpression): Refusal | undefined {
  const options = transportNew.arguments?.[0];
  if (options && !ts.isObjectLiteralExpression(options))
    return { why: 'the transport options are not an object literal, so its host/origin checks cannot be read' };
  const hostChecks =
    options?.properties
      .filter((p) => p.name && ts.isIdentifier(p.name) && TRANSPORT_HOST_CHECKS.includes(p.name.text))
      .map((p) => (p.name as ts.Identifier).text) ?? [];
  if (hostChecks.length > 0) {
    return {
      why:
        `the transport checks hosts/origins itself (${hostChecks.join(', ')}), which 2026-era requests would bypass: move them to middleware in front of the route ` +
        '(hostHeaderValidation/originValidation from @modelcontextprotocol/express, @modelcontextprotocol/hono or @modelcontextprotocol/node), then run the tool again',
    };
  }
  return undefined;
}

/** The async request handler the connect sits in, mounted directly on a route; undefined when it is already routed by era. */
function servedHandler(
  source: ts.SourceFile,
  call: ts.CallExpression,
  kind: 'node' | 'web',
): ServedHandler | Refusal | undefined {
  const handler = enclosingFunction(call);
  if (!handler || !handler.body || !ts.isBlock(handler.body))
    return { why: 'the connect is not in a request handler with a block body' };
  // Already routed by era (a file the official codemod still sees as v1 is migrated again on every run).
  if (handler.body.getText(source).includes('isLegacyRequest(')) return undefined;
  const mount = mountOf(source, handler, kind);
  if (!mount)
    return {
      why: 'the connect is not directly in an Express or Hono route callback or a node:http createServer listener (a helper, a class, another framework)',
    };
  if (!handler.modifiers?.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword))
    return { why: 'the request handler is not async' };
  const params = handler.parameters.map((p) => (ts.isIdentifier(p.name) ? p.name.text : undefined));
  const request = params[0];
  const response = params[1];
  if (!request || (mount.framework !== 'hono' && !response))
    return { why: 'the request handler does not name its request and response parameters' };

  const factory = factoryOf(source, call, handler);
  if ('why' in factory) return factory;
  return { handler, body: handler.body, mount, request, response, ...factory };
}

/** The first statement of the session code, with no access check below it, and the handler's own request handed on. */
function branchPoint(source: ts.SourceFile, call: ts.CallExpression, served: ServedHandler): BranchPoint | Refusal {
  const { handler, body, mount, request, response } = served;
  const at = body.statements.findIndex((s) => isServingStatement(s, call, source));
  if (at === -1) return { why: 'the session/transport code of the handler cannot be told apart' };
  // node:http reading the body only in its POST branch: the era branch goes there, below the read.
  const nested =
    mount.framework === 'node:http'
      ? nestedPostPoint(source, call, body, at, request, (s) => isServingStatement(s, call, source))
      : undefined;
  const before = nested?.before ?? body.statements.slice(0, at);
  // A check the 2026-era branch would skip: access decided below the place the branch goes.
  const late = (nested?.rest ?? body.statements.slice(at)).find((st) => ACCESS_CHECK.test(st.getText(source)));
  if (late) {
    const firstLine = late.getText(source).split(/\r?\n/)[0]!.trim();
    const snippet = firstLine.length > 60 ? `${firstLine.slice(0, 57)}...` : firstLine;
    return {
      why: `the handler checks access (auth, host, 401/403) in \`${snippet}\`, below the start of its session code, where 2026-era requests would skip it: move the check above the session code or into middleware, then run the tool again`,
    };
  }
  const handleCalls = callsNamed(handler, 'handleRequest');
  if (handleCalls.length === 0) return { why: 'the handler never calls transport.handleRequest' };
  // The transport must be handed this handler's own request (and response): the branch hands the same to createMcpHandler.
  const handed = mount.framework === 'hono' ? [`${request}.req.raw`] : [request, response!];
  if (!handleCalls.every((c) => handed.every((text, i) => c.arguments[i]?.getText(source) === text))) {
    return { why: `handleRequest is not given the handler's own ${handed.join(', ')}` };
  }
  if (nested) return { block: nested.block, at: nested.at, before, handleCalls: nested.handleCalls };
  return { block: body, at, before, handleCalls };
}

/** The name of the new handler const, when the file leaves one free and the names to import are free or imported. */
function freeHandlerName(source: ts.SourceFile): string | Refusal {
  const name = HANDLER_NAMES.find((n) => !identifierUsed(source, n));
  if (!name) return { why: `${HANDLER_NAMES.join(' and ')} are already names in this file` };
  for (const imported of ['createMcpHandler', 'isLegacyRequest', 'toNodeHandler', 'toWebRequest']) {
    if (identifierUsed(source, imported) && !importsName(source, imported))
      return { why: `${imported} is already a name in this file` };
  }
  return name;
}

/** The branch by framework: Hono hands the raw request to the handler's fetch; node:http and Express go through toNodeHandler. */
function eraBranch(
  source: ts.SourceFile,
  served: ServedHandler,
  point: BranchPoint,
  name: string,
): EraBranch | Refusal {
  const { mount, request, response, factory } = served;
  const { before, handleCalls } = point;
  const imports: Record<string, string[]> = { [SERVER_MODULE]: ['createMcpHandler', 'isLegacyRequest'] };
  if (mount.framework === 'hono') {
    // The raw request's body is still unread here; isLegacyRequest reads a clone of it.
    const parsed = parsedBodyOption(handleCalls, before);
    if (parsed === null) return { why: 'handleRequest is given a parsed body the branch cannot reach' };
    const raw = `${request}.req.raw`;
    const branch = [
      `if (!(await isLegacyRequest(${raw}${parsed ? `, ${parsed}` : ''}))) return ${name}.fetch(${raw}${parsed ? `, { parsedBody: ${parsed} }` : ''});`,
    ];
    return { branch, mounted: `createMcpHandler(${factory}, { legacy: 'reject' })`, imports };
  }
  const parsed =
    mount.framework === 'express' ? expressBody(source, handleCalls, request) : nodeBody(handleCalls, before, source);
  if (typeof parsed !== 'string') return parsed;
  const branch = [
    `if (!(await isLegacyRequest(await toWebRequest(${request}, ${parsed}), ${parsed}))) {`,
    `  await ${name}(${request}, ${response}, ${parsed});`,
    '  return;',
    '}',
  ];
  imports[NODE_MODULE] = ['toNodeHandler', 'toWebRequest'];
  return { branch, mounted: `toNodeHandler(createMcpHandler(${factory}, { legacy: 'reject' }))`, imports };
}

/** The two insertions: the branch above the session code, the new handler's declaration above the mounting statement. */
function servingEdits(
  source: ts.SourceFile,
  served: ServedHandler,
  point: BranchPoint,
  name: string,
  era: EraBranch,
): TextEdit[] {
  const { body, mount } = served;
  const { branch, mounted } = era;
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const target = point.block.statements[point.at]!;
  const indent = indentOf(text, target.getStart(source));
  const comment = `// MCP 2026-07-28 requests go to createMcpHandler (a server per request); 2025-era ones (isLegacyRequest) go on to the code below.`;
  const branchText = [comment, ...branch].map((line) => indent + line).join(newline) + newline;
  // In a nested block (nestedPostPoint), above the comment lines that describe the session code.
  const nested = point.block !== body && ts.getLeadingCommentRanges(text, target.getFullStart())?.[0]?.pos;
  const lineStart = text.lastIndexOf('\n', (nested || target.getStart(source)) - 1) + 1;

  const top = topLevelStatement(mount.statement);
  const topIndent = indentOf(text, top.getStart(source));
  const build = served.inline?.declaration.map((line) => (line.length > 0 ? topIndent + line : line));
  const declaration = `${build ? build.join(newline) + newline + newline : ''}${topIndent}// Serves MCP 2026-07-28 (MRTR) clients, one server per request from the same factory as the 2025-era route.${newline}${topIndent}const ${name} = ${mounted};${newline}${newline}`;
  // Above the statement's own leading comments, which describe it.
  const topStart = ts.getLeadingCommentRanges(text, top.getFullStart())?.[0]?.pos ?? top.getStart(source);
  const topLineStart = text.lastIndexOf('\n', topStart - 1) + 1;
  return [
    { start: topLineStart, end: topLineStart, text: declaration },
    { start: lineStart, end: lineStart, text: branchText },
    ...(served.inline?.edits ?? []),
  ];
}

/**
 * The factory for `createMcpHandler`: the connect's receiver is `f(...)` (or `await f(...)`), inline or through a
 * const that nothing else in the handler uses but `connect` and `close`; `f` is declared or imported at the
 * module's top level and its arguments are literals or module-level names (the factory runs outside the handler).
 * A server the handler builds itself with `new` (httpInlineServer.ts) moves into a module-level function first.
 */
function factoryOf(
  source: ts.SourceFile,
  call: ts.CallExpression,
  handler: ts.FunctionLikeDeclaration,
): { factory: string; inline?: InlineBuild } | Refusal {
  const receiver = (call.expression as ts.PropertyAccessExpression).expression;
  let made: ts.Expression | undefined;
  if (ts.isCallExpression(receiver)) made = receiver;
  else if (ts.isIdentifier(receiver)) {
    const declaration = localConst(handler, receiver.text);
    if (!declaration?.initializer || ts.isNewExpression(declaration.initializer)) {
      const inline = planHttpInlineServer(source, handler, call, receiver.text);
      if (inline && 'why' in inline) return inline;
      if (inline) return { factory: inline.factory, inline };
    }
    if (!declaration?.initializer)
      return {
        why: `the server \`${receiver.text}\` is not a const of the handler${destructuredNote(handler, receiver.text)}`,
      };
    const uses = identifiersIn(handler, receiver.text).filter((id) => id !== declaration.name);
    const onlyServing = uses.every(
      (id) =>
        ts.isPropertyAccessExpression(id.parent) &&
        id.parent.expression === id &&
        ['connect', 'close'].includes(id.parent.name.text),
    );
    if (!onlyServing)
      return {
        why: `the handler uses the server \`${receiver.text}\` for more than connect/close (a 2026-era request would get a server without it)`,
      };
    made = declaration.initializer;
  }
  if (made && ts.isAwaitExpression(made)) made = made.expression;
  if (!made || !ts.isCallExpression(made) || !ts.isIdentifier(made.expression)) {
    return {
      why: 'the server is not built by a function call (build it in a function that returns it, registrations included)',
    };
  }
  const callee = made.expression.text;
  if (!isModuleLevelName(source, callee))
    return { why: `${callee} is not declared or imported at the top level of the module` };
  for (const argument of made.arguments) {
    const plain =
      ts.isStringLiteral(argument) ||
      ts.isNumericLiteral(argument) ||
      argument.kind === ts.SyntaxKind.TrueKeyword ||
      argument.kind === ts.SyntaxKind.FalseKeyword;
    if (!plain && !(ts.isIdentifier(argument) && isModuleLevelName(source, argument.text)))
      return { why: `the argument ${argument.getText(source)} of ${callee}(...) is computed in the handler` };
  }
  return { factory: `() => ${made.getText(source)}` };
}

/**
 * The first statement of the handler body that is about MCP serving: it names the session header, a session map
 * or the transport, builds or connects the server, or hands the request to a transport. The statements above it
 * are the handler's own checks (auth, host, path), which the new branch must not skip.
 */
function isServingStatement(statement: ts.Statement, call: ts.CallExpression, source: ts.SourceFile): boolean {
  if (isInside(call, statement)) return true;
  const text = statement.getText(source);
  if (
    /mcp-session-id/i.test(text) ||
    /\.handleRequest\(|\.connect\(|StreamableHTTPServerTransport\b|\btransports?\b|\bsessions?\b/.test(text)
  )
    return true;
  const receiver = (call.expression as ts.PropertyAccessExpression).expression;
  return (
    ts.isIdentifier(receiver) &&
    ts.isVariableStatement(statement) &&
    statement.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === receiver.text)
  );
}

/**
 * `const { server, cleanup } = createServer()` in the handler: the factory builds more than the server, and a 2026-era
 * request's server would come without the rest (the advice's tail says so).
 */
function destructuredNote(handler: ts.FunctionLikeDeclaration, name: string): string {
  let found: ts.BindingElement | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isBindingElement(node) && ts.isIdentifier(node.name) && node.name.text === name) found = node;
    ts.forEachChild(node, visit);
  };
  if (handler.body) visit(handler.body);
  const pattern = found?.parent;
  const declaration = pattern?.parent;
  if (!found || !pattern || !declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer)
    return '';
  const others = pattern.elements
    .map((e) => (ts.isBindingElement(e) && ts.isIdentifier(e.name) ? e.name.text : undefined))
    .filter((n): n is string => !!n && n !== name);
  if (others.length === 0) return '';
  return ` (it is destructured with ${others.join(', ')} from what the handler builds: build only the server and its registrations in a function, so that createMcpHandler can call it per request)`;
}
