import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { AnalysisProject } from '../../../lib/project.js';
import { isFunctionNode, type FunctionNode } from './functions.js';
import { declarationsOf, unwrap } from './symbols.js';

/** Beyond this many files mentioning a member's name, its implementations are not looked for (a name too common). */
const MAX_FILES = 40;

/**
 * `handler.getTools()` where `handler` is typed with an interface (or an object type) of the project: the member's
 * declaration is a signature, with no body to read. The functions the call can reach are the project's members of that
 * name: every method, property or shorthand named so in the files that mention the name (`{ getTools, handleCall }`
 * typed `DomainHandler` in each domain module, a class implementing it). Closed world: an object the project builds
 * with a member of that name is one of them, whether or not its type names the interface. Undefined when the
 * declaration is not a project signature, when the name is in too many files, or when one member of that name is not
 * a function the analysis can read (`{ getTools: makeTools() }`): the caller then proves nothing.
 */
export function implementationsOf(project: AnalysisProject, declaration: Node): FunctionNode[] | undefined {
  if (!Node.isMethodSignature(declaration) && !Node.isPropertySignature(declaration)) return undefined;
  const file = declaration.getSourceFile();
  if (file.isDeclarationFile() || file.isInNodeModules()) return undefined;
  const owner = declaration.getParent();
  if (!owner || (!Node.isInterfaceDeclaration(owner) && !Node.isTypeLiteral(owner))) return undefined;
  const name = declaration.getName();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const cached = cache.get(declaration);
  if (cached !== undefined) return cached ?? undefined;
  let found: FunctionNode[] | undefined;
  if (project.mentionCount(name) <= MAX_FILES) {
    found = [];
    for (const source of project.filesMentioning(name)) {
      if (source.isDeclarationFile()) continue;
      for (const member of membersNamed(source, name)) {
        const fns = functionsOf(project, member);
        if (!fns) {
          found = undefined;
          break;
        }
        found.push(...fns);
      }
      if (!found) break;
    }
  }
  const result = found && found.length > 0 ? [...new Set(found)] : undefined;
  cache.set(declaration, result ?? null);
  return result;
}

const cache = new WeakMap<Node, FunctionNode[] | null>();

/** The members named `name` the file writes: methods, properties, shorthands, accessors (signatures left out). */
function membersNamed(source: Node, name: string): Node[] {
  const members: Node[] = [];
  for (const id of source.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (id.getText() !== name) continue;
    const parent = id.getParent();
    if (!parent) continue;
    if (
      (Node.isMethodDeclaration(parent) ||
        Node.isPropertyAssignment(parent) ||
        Node.isPropertyDeclaration(parent) ||
        Node.isGetAccessorDeclaration(parent) ||
        Node.isSetAccessorDeclaration(parent)) &&
      parent.getNameNode() === id
    )
      members.push(parent);
    else if (Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === id) members.push(parent);
    else if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) {
      // `handler.getTools = () => ...`: a member written after the object was made.
      const assignment = parent.getParent();
      if (
        assignment &&
        Node.isBinaryExpression(assignment) &&
        assignment.getLeft() === parent &&
        assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken
      )
        members.push(assignment);
    }
  }
  return members;
}

/** The functions a member stands for; undefined when it is not one the analysis can read. */
function functionsOf(project: AnalysisProject, member: Node): FunctionNode[] | undefined {
  if (
    Node.isMethodDeclaration(member) ||
    Node.isGetAccessorDeclaration(member) ||
    Node.isSetAccessorDeclaration(member)
  )
    // An abstract method or an overload's signature has no body: the implementations are the other members.
    return member.getBody() ? [member] : [];
  if (Node.isBinaryExpression(member)) {
    const value = unwrap(member.getRight());
    if (isFunctionNode(value)) return [value];
    return Node.isIdentifier(value) ? functionDeclarations(project, declarationsOf(project, value)) : undefined;
  }
  if (Node.isShorthandPropertyAssignment(member)) {
    const values = member.getValueSymbol()?.getDeclarations() ?? [];
    return functionDeclarations(project, values);
  }
  if (Node.isPropertyAssignment(member) || Node.isPropertyDeclaration(member)) {
    const init = member.getInitializer();
    if (!init) return undefined;
    const value = unwrap(init);
    if (isFunctionNode(value)) return [value];
    if (Node.isIdentifier(value)) return functionDeclarations(project, declarationsOf(project, value));
    return undefined;
  }
  return undefined;
}

function functionDeclarations(project: AnalysisProject, declarations: Node[]): FunctionNode[] | undefined {
  if (declarations.length !== 1) return undefined;
  let fn = declarations[0]!;
  if (Node.isImportSpecifier(fn)) {
    const resolved = declarationsOf(project, fn.getNameNode());
    if (resolved.length !== 1) return undefined;
    fn = resolved[0]!;
  }
  if (Node.isVariableDeclaration(fn)) {
    const init = fn.getInitializer();
    fn = init ? unwrap(init) : fn;
  }
  return isFunctionNode(fn) ? [fn] : undefined;
}
