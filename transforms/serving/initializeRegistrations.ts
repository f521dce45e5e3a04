// Tools, prompts or resources registered when the client's `notifications/initialized` arrives
// (`server.server.oninitialized = () => registerConditionalTools(server)`, the everything server's shape): a
// 2026-07-28 client sends no initialize, so they are never registered for it and it does not list them. The serving
// rewrite keeps an entry whose server does this on 2025-era serving (rewriteServing.ts); the v1 step reports each one
// (v1-to-v2/repairs/initializeRegistrations.ts).
import { ts } from '../../lib/tsMorph.cjs';
import { scriptKindOf } from '../kit/syntax.js';

/** Registration methods of McpServer (v2 and the v1 spellings the official codemod may have left). */
const REGISTRATIONS = new Set(['registerTool', 'registerPrompt', 'registerResource', 'tool', 'prompt', 'resource']);

/** Each `oninitialized` handler that registers something, directly or through a `register*(server)` call: its line and that call. */
export function initializeRegistrations(file: string, text: string): Array<{ line: number; call: string }> {
  if (!text.includes('oninitialized')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const found: Array<{ line: number; call: string }> = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'oninitialized' &&
      (ts.isArrowFunction(node.right) || ts.isFunctionExpression(node.right))
    ) {
      const call = registrationIn(node.right.body, namesIn(node.left.expression));
      if (call)
        found.push({
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          call: call.getText(source).replace(/\s+/g, ' ').slice(0, 80),
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The identifiers of a receiver chain (`server.server` -> `server`): the server a register helper would take. */
function namesIn(node: ts.Expression): Set<string> {
  const names = new Set<string>();
  let current: ts.Expression = node;
  while (ts.isPropertyAccessExpression(current)) current = current.expression;
  if (ts.isIdentifier(current)) names.add(current.text);
  if (current.kind === ts.SyntaxKind.ThisKeyword) names.add('this');
  return names;
}

/** The first registration in a handler body: a registration method, or `register*(...)` given the server. */
function registrationIn(body: ts.Node, servers: Set<string>): ts.CallExpression | undefined {
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isPropertyAccessExpression(callee) && REGISTRATIONS.has(callee.name.text)) found = node;
      else if (
        ts.isIdentifier(callee) &&
        /^register/i.test(callee.text) &&
        node.arguments.some((a) => ts.isIdentifier(a) && servers.has(a.text))
      )
        found = node;
    }
    if (!found) ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}
