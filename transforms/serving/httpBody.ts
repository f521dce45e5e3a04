// The request body both legs of the era branch read (rewriteHttpServing.ts), by framework: Express's parsed
// `req.body`, the body a node:http listener read itself, Hono's optional `parsedBody`.
import { ts } from '../../lib/tsMorph.cjs';
import { callsNamed, declares } from '../kit/syntax.js';

// Express body parsers that fill `req.body` before the route runs.
const JSON_BODY_PARSERS = /\b(?:express\.json|bodyParser\.json|createMcpExpressApp|json)\(/;

/** Express: `handleRequest(req, res, req.body)` behind a JSON body parser; `req.body` is what both legs read. */
export function expressBody(
  source: ts.SourceFile,
  handleCalls: ts.CallExpression[],
  request: string,
): string | { why: string } {
  const bodyText = `${request}.body`;
  const posted = handleCalls.filter((c) => c.arguments.length === 3);
  if (posted.length === 0 || !posted.every((c) => c.arguments[2]!.getText(source) === bodyText)) {
    return {
      why: `handleRequest is not given ${bodyText}: the branch would consume the request stream the transport reads`,
    };
  }
  if (!JSON_BODY_PARSERS.test(source.text)) return { why: 'no JSON body parser (express.json()) fills req.body' };
  return bodyText;
}

/** node:http: the body the handler read itself, a const/let above the session code that every handleRequest gets. */
export function nodeBody(
  handleCalls: ts.CallExpression[],
  before: ts.Statement[],
  source: ts.SourceFile,
): string | { why: string } {
  const bodies = new Set(handleCalls.map((c) => c.arguments[2]?.getText(source)));
  const [only] = [...bodies];
  if (bodies.size !== 1 || !only || !/^[A-Za-z_$][\w$]*$/.test(only) || !before.some((s) => declares(s, only))) {
    return {
      why: 'every handleRequest must get the request body the handler read above its session code (`const body = ...; transport.handleRequest(req, res, body)`): the branch cannot read the request stream twice',
    };
  }
  return only;
}

/** Hono: no parsed body (undefined), or a `{ parsedBody: x }` read above the session code; null when unreachable. */
export function parsedBodyOption(handleCalls: ts.CallExpression[], before: ts.Statement[]): string | undefined | null {
  const found = new Set<string | undefined>();
  for (const c of handleCalls) {
    const options = c.arguments[1];
    if (!options) {
      found.add(undefined);
      continue;
    }
    if (!ts.isObjectLiteralExpression(options)) return null;
    const property = options.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'parsedBody');
    if (!property) found.add(undefined);
    else if (ts.isShorthandPropertyAssignment(property)) found.add('parsedBody');
    else if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.initializer))
      found.add(property.initializer.text);
    else return null;
  }
  if (found.size !== 1) return null;
  const [only] = [...found];
  if (only !== undefined && !before.some((s) => declares(s, only))) return null;
  return only;
}

/** Where the era branch goes inside a block: before `block.statements[at]`; `before` are the block's statements above it. */
export interface NestedPoint {
  block: ts.Block;
  at: number;
  before: ts.Statement[];
  handleCalls: ts.CallExpression[];
  /** What runs from the branch on: the block's session code, then the handler's statements after that `if`. */
  rest: ts.Statement[];
}

/**
 * node:http handlers that read the body only for POST (`if (req.method === 'POST') { const body = await readBody(req);
 * let parsed; try { parsed = JSON.parse(body); } catch { ... } ... transport.handleRequest(req, res, parsed); }`):
 * the branch goes in that block, below the read and above its session code. Only when each top-level statement
 * between the session code's start (`from`) and that `if` either cannot answer the request (no return, throw or
 * `.end(`: a header set, a declaration), answers it without session code (a path check: both eras get it), or is a
 * block guarded by another method (`if (req.method === 'GET') { ... }`, which 2026-era POSTs pass by), the block
 * holds the connect, and every
 * handleRequest in it gets the same body, declared in the block above its session code.
 */
export function nestedPostPoint(
  source: ts.SourceFile,
  call: ts.CallExpression,
  body: ts.Block,
  from: number,
  request: string,
  isServing: (statement: ts.Statement) => boolean,
): NestedPoint | undefined {
  // `if (req.method === 'GET')`, or several methods joined by `||`.
  const method = (s: ts.Statement, verb: string) =>
    ts.isIfStatement(s) &&
    s.expression
      .getText(source)
      .split('||')
      .every((part) => new RegExp(`^\\s*${request}\\.method\\s*===?\\s*['"]${verb}['"]\\s*$`).test(part));
  const at = body.statements.findIndex((s, i) => i >= from && method(s, 'POST'));
  const post = body.statements[at] as ts.IfStatement | undefined;
  if (!post || !ts.isBlock(post.thenStatement) || !(call.pos >= post.pos && call.end <= post.end)) return undefined;
  const between = body.statements.slice(from, at);
  // Above the branch, a POST may be answered by the handler's own checks (a path, CORS preflight), never by its
  // session code: a 2026-era request has no session. Another method's block is passed by.
  const answers = (s: ts.Statement) => /\breturn\b|\bthrow\b|\.end\(/.test(s.getText(source));
  const sessional = (s: ts.Statement) =>
    /\.handleRequest\(|\.connect\(|session|\btransports?\b/i.test(s.getText(source));
  if (!between.every((s) => method(s, '(?!POST)[A-Z]+') || !answers(s) || !sessional(s))) return undefined;
  const block = post.thenStatement;
  const inner = block.statements.findIndex(isServing);
  if (inner <= 0) return undefined;
  const before = block.statements.slice(0, inner);
  const handleCalls = block.statements
    .slice(inner)
    .flatMap((s) => callsNamed(s, 'handleRequest'))
    .filter((c) => c.arguments.length > 0);
  if (handleCalls.length === 0 || typeof nodeBody(handleCalls, before, source) !== 'string') return undefined;
  const rest = [...block.statements.slice(inner), ...body.statements.slice(at + 1)];
  return { block, at: inner, before, handleCalls, rest };
}
