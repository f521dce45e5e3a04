// Where the request handler around a Streamable HTTP connect is mounted (rewriteHttpServing.ts): an Express or Hono
// route, or a node:http createServer listener, directly or through the handler's name.
import { ts } from '../../lib/tsMorph.cjs';
import { isInside } from '../kit/syntax.js';

type Framework = 'express' | 'hono' | 'node:http';

export interface Mount {
  framework: Framework;
  /** The call that registers the handler: `app.post('/mcp', ...)`, `createServer(...)`. */
  statement: ts.Node;
  route: string;
}

const ROUTE_METHODS = new Set(['post', 'all', 'use', 'get', 'put', 'patch', 'delete']);

/**
 * Where the handler is registered: as the last argument of `x.post(path, ..., handler)` (Express or Hono, told
 * apart by the transport: a Node transport is handed `(req, res)`, a web-standard one a `Request`), or as the
 * listener of `createServer(handler)`; directly, or through a const/function name.
 */
export function mountOf(
  source: ts.SourceFile,
  handler: ts.FunctionLikeDeclaration,
  kind: 'node' | 'web',
): Mount | undefined {
  const registration = registrationOf(source, handler);
  if (!registration || !ts.isCallExpression(registration)) return undefined;
  const callee = registration.expression;
  const last = registration.arguments[registration.arguments.length - 1];
  const isHandlerArg = (arg: ts.Expression | undefined) =>
    arg !== undefined && (arg === handler || (ts.isIdentifier(arg) && arg.text === nameOf(handler)));
  if (
    (ts.isIdentifier(callee) && createServerNames(source).has(callee.text)) ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createServer')
  ) {
    if (kind !== 'node' || !isHandlerArg(last)) return undefined;
    return { framework: 'node:http', statement: registration, route: 'createServer' };
  }
  if (!ts.isPropertyAccessExpression(callee) || !ROUTE_METHODS.has(callee.name.text) || !isHandlerArg(last))
    return undefined;
  // The path as written (a literal or a constant), or none (`app.use(handler)`).
  const path = registration.arguments.length > 1 ? registration.arguments[0]!.getText(source) : '';
  const route = `${callee.getText(source)}(${path})`;
  return { framework: kind === 'node' ? 'express' : 'hono', statement: registration, route };
}

function registrationOf(source: ts.SourceFile, handler: ts.FunctionLikeDeclaration): ts.Node | undefined {
  if (ts.isCallExpression(handler.parent)) return handler.parent;
  const name = nameOf(handler);
  if (!name) return undefined;
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      node.arguments.some((a) => ts.isIdentifier(a) && a.text === name) &&
      !isInside(node, handler)
    ) {
      const callee = node.expression;
      if (
        (ts.isPropertyAccessExpression(callee) &&
          (ROUTE_METHODS.has(callee.name.text) || callee.name.text === 'createServer')) ||
        (ts.isIdentifier(callee) && createServerNames(source).has(callee.text))
      )
        found = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `const handle = async (req, res) => ...` or `async function handle(req, res)`: the name the handler is registered by. */
function nameOf(handler: ts.FunctionLikeDeclaration): string | undefined {
  if (ts.isFunctionDeclaration(handler)) return handler.name?.text;
  if (ts.isVariableDeclaration(handler.parent) && ts.isIdentifier(handler.parent.name)) return handler.parent.name.text;
  return undefined;
}

/** `createServer`, and the local name of `import { createServer as createHttpServer } from 'node:http'`. */
function createServerNames(source: ts.SourceFile): Set<string> {
  const names = new Set(['createServer']);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!/^(?:node:)?https?$/.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        if (element.propertyName?.text === 'createServer') names.add(element.name.text);
  }
  return names;
}
