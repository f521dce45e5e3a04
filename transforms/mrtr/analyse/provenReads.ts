import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { CallExpression } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { isFunctionNode } from './functions.js';
import { isReplaySafeExpression, isReplaySafeStatement } from './replaySafe.js';
import { declarationsOf, unwrap } from './symbols.js';

/** Collections whose `get` reads an entry and changes nothing. */
const READ_ONLY_COLLECTIONS = /^(Readonly)?(Map|WeakMap)\b/;
/** Method names that write a log line: repeating one on a retry is harmless, so it is not an effect to journal. */
const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace']);
/** How deep a project function's body is followed to prove that it only reads. */
const MAX_DEPTH = 3;

/**
 * The calls in `node` (outside the functions written in it) that the analysis proves only read: `map.get(key)` on a
 * `Map` the project builds, a project function or method whose body only reads (`store.get(id)`, `text(value)`), and
 * log lines. Handed to `isReplaySafeStatement` as allowed nodes.
 */
export function provenReadsIn(node: Node, project: AnalysisProject, depth = 0): Set<Node> {
  const proven = new Set<Node>();
  for (const call of node.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (isProvenRead(call, project, depth)) proven.add(call);
  }
  if (Node.isCallExpression(node) && isProvenRead(node, project, depth)) proven.add(node);
  return proven;
}

/** One call the analysis proves only reads (its arguments are judged by the caller). */
function isProvenRead(call: CallExpression, project: AnalysisProject, depth: number): boolean {
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) {
    const receiver = unwrap(callee.getExpression());
    if (LOG_METHODS.has(callee.getName()) && /^(console|log|logger|this\.logger|this\.log)$/i.test(receiver.getText()))
      return true;
    if (callee.getName() === 'get' && isReadOnlyCollection(receiver, project)) return true;
    return onlyReads(declarationsOf(project, callee.getNameNode()), project, depth);
  }
  if (Node.isIdentifier(callee)) return onlyReads(declarationsOf(project, callee), project, depth);
  return false;
}

/** A name or `this.field` the project initialises with `new Map(...)` or declares as a `Map`. */
function isReadOnlyCollection(receiver: Node, project: AnalysisProject): boolean {
  const name = Node.isPropertyAccessExpression(receiver) ? receiver.getNameNode() : receiver;
  if (!Node.isIdentifier(name)) return false;
  const declarations = declarationsOf(project, name);
  return (
    declarations.length > 0 &&
    declarations.every((d) => {
      if (!Node.isVariableDeclaration(d) && !Node.isPropertyDeclaration(d)) return false;
      const typeNode = d.getTypeNode();
      if (typeNode) return READ_ONLY_COLLECTIONS.test(typeNode.getText());
      const init = d.getInitializer();
      const value = init ? unwrap(init) : undefined;
      return !!value && Node.isNewExpression(value) && /^(Map|WeakMap)$/.test(value.getExpression().getText());
    })
  );
}

/** A function declared once in the project whose body only reads (proven statement by statement). */
function onlyReads(declarations: Node[], project: AnalysisProject, depth: number): boolean {
  if (declarations.length !== 1 || depth >= MAX_DEPTH) return false;
  let fn: Node = declarations[0]!;
  if (fn.getSourceFile().isDeclarationFile() || fn.getSourceFile().isInNodeModules()) return false;
  if (Node.isVariableDeclaration(fn) || Node.isPropertyAssignment(fn) || Node.isPropertyDeclaration(fn)) {
    const init = fn.getInitializer();
    if (!init) return false;
    fn = unwrap(init);
  }
  if (!isFunctionNode(fn) || Node.isConstructorDeclaration(fn) || Node.isSetAccessorDeclaration(fn)) return false;
  if ((fn as { isAsync?(): boolean }).isAsync?.() || (fn as { isGenerator?(): boolean }).isGenerator?.())
    return false;
  const body = fn.getBody?.();
  if (!body) return false;
  const allowed = provenReadsIn(body, project, depth + 1);
  return Node.isBlock(body)
    ? body.getStatements().every((s) => isReplaySafeStatement(s, allowed))
    : isReplaySafeExpression(body, allowed);
}
