// The request body both legs of the era branch read (rewriteHttpServing.ts), by framework: Express's parsed
// `req.body`, the body a node:http listener read itself, Hono's optional `parsedBody`.
import { ts } from '../../lib/tsMorph.cjs';
import { declares } from './servingSyntax.js';

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
