import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { isFunctionNode, type FunctionNode } from './functions.js';
import { declarationsOf, identifierAt, unwrap, wordOffsets } from './symbols.js';

// Where a variable, a parameter or a field gets its values: the expressions written into it. The origins prove a
// value from any of them; a member (`options.server`, `this.context.server`) from the objects among them.

// Asked again and again for the same declarations (every origin through a name): each answer is kept, per node.
const assignedMemo = new WeakMap<Node, Map<string, Node[]>>();
const thisAssignedMemo = new WeakMap<Node, Node[]>();

/** `let server; ... server = new McpServer(...)`: the right sides of assignments to the variable in its file. */
export function assignedValues(project: AnalysisProject, declaration: Node, name: string): Node[] {
  let byName = assignedMemo.get(declaration);
  if (!byName) assignedMemo.set(declaration, (byName = new Map()));
  let values = byName.get(name);
  if (!values) byName.set(name, (values = computeAssignedValues(project, declaration, name)));
  return values;
}

function computeAssignedValues(project: AnalysisProject, declaration: Node, name: string): Node[] {
  return assignmentsOf(declaration.getSourceFile(), name)
    .filter(({ left }) => declarationsOf(project, left).includes(declaration))
    .map(({ right }) => right);
}

const assignmentsMemo = new WeakMap<SourceFile, Map<string, Array<{ left: Node; right: Node }>>>();

/** Every `name = value` of a file (the name alone on the left), found once per file and name. */
function assignmentsOf(sourceFile: SourceFile, name: string): Array<{ left: Node; right: Node }> {
  let byName = assignmentsMemo.get(sourceFile);
  if (!byName) assignmentsMemo.set(sourceFile, (byName = new Map()));
  let found = byName.get(name);
  if (found) return found;
  found = [];
  for (const offset of wordOffsets(sourceFile, name)) {
    const left = identifierAt(sourceFile, offset);
    const assignment = left?.getParent();
    if (!left || !assignment || !Node.isBinaryExpression(assignment) || assignment.getLeft() !== left) continue;
    if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    found.push({ left, right: assignment.getRight() });
  }
  byName.set(name, found);
  return found;
}

/** Class fields assigned in the class body: the right sides of `this.server = server` in a constructor or method. */
export function thisAssignedValues(property: Node): Node[] {
  let values = thisAssignedMemo.get(property);
  if (!values) thisAssignedMemo.set(property, (values = computeThisAssignedValues(property)));
  return values;
}

function computeThisAssignedValues(property: Node): Node[] {
  const cls =
    property.getFirstAncestorByKind(SyntaxKind.ClassDeclaration) ??
    property.getFirstAncestorByKind(SyntaxKind.ClassExpression);
  const name = (property as { getName?: () => string }).getName?.();
  if (!cls || !name) return [];
  const sourceFile = cls.getSourceFile();
  const values: Node[] = [];
  for (const offset of wordOffsets(sourceFile, name)) {
    if (offset < cls.getStart() || offset > cls.getEnd()) continue;
    const access = identifierAt(sourceFile, offset)?.getParent();
    if (!access || !Node.isPropertyAccessExpression(access)) continue;
    if (access.getExpression().getKind() !== SyntaxKind.ThisKeyword) continue;
    const parent = access.getParent();
    if (
      Node.isBinaryExpression(parent) &&
      parent.getLeft() === access &&
      parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
    )
      values.push(parent.getRight());
  }
  return values;
}

/**
 * The values written into what `holder` names (a variable, a parameter, `this.field`), followed through names that
 * only pass a value on, a few steps deep: `this.context = context` <- `new Handler(options.context)` <- ...
 * The last values reached are returned (object literals, calls, SDK values), not the names in between.
 */
export function valuesFlowingInto(
  project: AnalysisProject,
  callsOf: (fn: FunctionNode) => Node[],
  holder: Node,
  hops = 0,
): Node[] {
  const base = unwrap(holder);
  if (hops > 4) return [base];
  const nameNode = Node.isPropertyAccessExpression(base)
    ? base.getExpression().getKind() === SyntaxKind.ThisKeyword
      ? base.getNameNode()
      : undefined
    : Node.isIdentifier(base)
      ? base
      : undefined;
  const declaration = nameNode ? declarationsOf(project, nameNode)[0] : undefined;
  if (!declaration) return [base];
  const written: Node[] = [];
  if (Node.isVariableDeclaration(declaration)) {
    const init = declaration.getInitializer();
    if (init) written.push(init);
    written.push(...assignedValues(project, declaration, declaration.getName()));
  } else if (Node.isParameterDeclaration(declaration)) {
    const fn = declaration.getParent();
    const index = fn && isFunctionNode(fn) ? fn.getParameters().indexOf(declaration) : -1;
    for (const call of fn && index !== -1 && isFunctionNode(fn) ? callsOf(fn) : []) {
      const arg = Node.isCallExpression(call) || Node.isNewExpression(call) ? call.getArguments()[index] : undefined;
      if (arg && !Node.isSpreadElement(arg)) written.push(arg);
    }
  } else if (Node.isPropertyDeclaration(declaration)) {
    const init = declaration.getInitializer();
    if (init) written.push(init);
    written.push(...thisAssignedValues(declaration));
  } else {
    return [base];
  }
  return written.flatMap((value) => {
    const inner = unwrap(value);
    const passesOn =
      Node.isIdentifier(inner) ||
      (Node.isPropertyAccessExpression(inner) && inner.getExpression().getKind() === SyntaxKind.ThisKeyword);
    if (passesOn) return [inner, ...valuesFlowingInto(project, callsOf, inner, hops + 1)];
    // `options.context`: the `context` of the objects written into `options`.
    if (Node.isPropertyAccessExpression(inner)) {
      const objects = valuesFlowingInto(project, callsOf, inner.getExpression(), hops + 1);
      return [inner, ...memberValues(project, callsOf, objects, inner.getName(), hops + 1)];
    }
    return [inner];
  });
}

/** The values of member `key` of object literals (`{ context: requestContext }`), followed as above. */
function memberValues(
  project: AnalysisProject,
  callsOf: (fn: FunctionNode) => Node[],
  objects: Node[],
  key: string,
  hops: number,
): Node[] {
  const out: Node[] = [];
  for (const object of objects) {
    if (!Node.isObjectLiteralExpression(object)) continue;
    const property = object.getProperty(key);
    const value = Node.isPropertyAssignment(property)
      ? property.getInitializer()
      : Node.isShorthandPropertyAssignment(property)
        ? property.getNameNode()
        : undefined;
    if (value) out.push(...valuesFlowingInto(project, callsOf, value, hops), unwrap(value));
  }
  return out;
}
