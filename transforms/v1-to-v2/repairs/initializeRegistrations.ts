// Tools, prompts or resources registered when the client's `notifications/initialized` arrives
// (`server.server.oninitialized = () => registerConditionalTools(server)`, the everything server's shape): a
// 2026-07-28 client sends no initialize, so they are never registered for it and it does not list them (the
// everything server lists 12 of its 16 tools in the 2026 era). The registrations depend on what the client declared,
// which has no single answer per connection in that era, so there is no rewrite: a review item says what happens.
import { ts } from '../../../lib/tsMorph.cjs';
import type { Finding } from '../../../lib/model.js';
import { scriptKindOf } from '../../kit/syntax.js';
import { v1ToV2Finding } from '../reasons.js';

/** Registration methods of McpServer (v2 and the v1 spellings the official codemod may have left). */
const REGISTRATIONS = new Set(['registerTool', 'registerPrompt', 'registerResource', 'tool', 'prompt', 'resource']);

/** One review finding per `oninitialized` handler that registers something, directly or through a `register*(server)` call. */
export function findInitializeRegistrations(file: string, text: string): Finding[] {
  if (!text.includes('oninitialized')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const findings: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.name.text === 'oninitialized' &&
      (ts.isArrowFunction(node.right) || ts.isFunctionExpression(node.right))
    ) {
      const servers = namesIn(node.left.expression);
      const call = registrationIn(node.right.body, servers);
      if (call) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        findings.push(
          v1ToV2Finding(
            'registered-at-initialize',
            file,
            line,
            `\`${call.getText(source).replace(/\s+/g, ' ').slice(0, 80)}\` runs in oninitialized: a 2026-era client sends no initialize, so what it registers is not listed to it`,
          ),
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
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
