import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { ClassDeclaration, InterfaceDeclaration, TypeLiteralNode } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { CONTEXT_STORES } from '../constants.js';
import { declarationsOf, simpleName, unwrap } from './symbols.js';

// The types a project writes for its values, read from its own annotations: what an expression, a member of a
// type, a parameter of a function type or a function's result is declared as. The compiler has no library and
// resolves no package (lib/project.ts), so the checker's types of SDK values are unknown; these are type nodes,
// followed through the project's aliases and interfaces, and the SDK's names in them are read by the origins.

const MAX_HOPS = 8;
/** Array methods that give one element of the array they are called on (or undefined), and those that give such an array. */
const ONE_ELEMENT: ReadonlySet<string> = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
const SAME_ARRAY: ReadonlySet<string> = new Set([
  'filter',
  'slice',
  'concat',
  'reverse',
  'sort',
  'toSorted',
  'toReversed',
]);

/** The annotation a declaration writes for its value (a getter's: its return type), if any. */
export function annotationOf(declaration: Node): Node | undefined {
  if (
    Node.isVariableDeclaration(declaration) ||
    Node.isParameterDeclaration(declaration) ||
    Node.isPropertyDeclaration(declaration) ||
    Node.isPropertySignature(declaration)
  )
    return declaration.getTypeNode();
  if (Node.isGetAccessorDeclaration(declaration)) return declaration.getReturnTypeNode();
  return undefined;
}

/** The declared result type of a function-like declaration, or of a variable or member annotated with a function type. */
export function returnTypeOf(project: AnalysisProject, declaration: Node): Node | undefined {
  if (
    Node.isFunctionDeclaration(declaration) ||
    Node.isFunctionExpression(declaration) ||
    Node.isArrowFunction(declaration) ||
    Node.isMethodDeclaration(declaration) ||
    Node.isMethodSignature(declaration) ||
    Node.isFunctionTypeNode(declaration) ||
    Node.isCallSignatureDeclaration(declaration)
  )
    return declaration.getReturnTypeNode();
  if (Node.isVariableDeclaration(declaration) || Node.isPropertyAssignment(declaration)) {
    const init = declaration.getInitializer();
    const value = init ? unwrap(init) : undefined;
    if (value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value))) return value.getReturnTypeNode();
  }
  const annotation = annotationOf(declaration);
  const type = annotation ? resolveType(project, annotation) : undefined;
  return type && (Node.isFunctionTypeNode(type) || Node.isMethodSignature(type)) ? type.getReturnTypeNode() : undefined;
}

/**
 * A type node with the project's aliases followed (`type Extra = RequestHandlerExtra<...>` -> its type), an
 * interface reference as the interface, and `T | undefined` as `T`. SDK names and unknown names stay as written.
 */
export function resolveType(project: AnalysisProject, typeNode: Node, hops = 0): Node {
  if (hops > MAX_HOPS) return typeNode;
  if (Node.isParenthesizedTypeNode(typeNode)) return resolveType(project, typeNode.getTypeNode(), hops + 1);
  if (Node.isUnionTypeNode(typeNode)) {
    const present = typeNode.getTypeNodes().filter((member) => !isNullish(member));
    return present.length === 1 ? resolveType(project, present[0]!, hops + 1) : typeNode;
  }
  if (Node.isTypeReference(typeNode)) {
    const name = typeNode.getTypeName();
    const declaration = Node.isIdentifier(name) ? declarationsOf(project, name)[0] : undefined;
    if (declaration && Node.isTypeAliasDeclaration(declaration)) {
      const aliased = declaration.getTypeNode();
      return aliased ? resolveType(project, aliased, hops + 1) : typeNode;
    }
    if (declaration && Node.isInterfaceDeclaration(declaration)) return declaration;
  }
  return typeNode;
}

function isNullish(typeNode: Node): boolean {
  const kind = Node.isLiteralTypeNode(typeNode) ? typeNode.getLiteral().getKind() : typeNode.getKind();
  return kind === SyntaxKind.UndefinedKeyword || kind === SyntaxKind.NullKeyword || kind === SyntaxKind.VoidKeyword;
}

/** The declared type of member `name` of a type: a property's type, a method's signature, an index signature's value. */
export function memberTypeOf(project: AnalysisProject, typeNode: Node | undefined, name: string): Node | undefined {
  if (!typeNode) return undefined;
  const type = resolveType(project, typeNode);
  if (Node.isIntersectionTypeNode(type)) {
    for (const member of type.getTypeNodes()) {
      const found = memberTypeOf(project, member, name);
      if (found) return found;
    }
    return undefined;
  }
  if (Node.isTypeReference(type) && simpleName(type.getTypeName()) === 'Record' && !isProjectName(project, type)) {
    return type.getTypeArguments()[1];
  }
  if (!Node.isTypeLiteral(type) && !Node.isInterfaceDeclaration(type)) return undefined;
  for (const member of type.getMembers()) {
    if (Node.isPropertySignature(member) && member.getName() === name) return member.getTypeNode();
    if (Node.isMethodSignature(member) && member.getName() === name) return member;
  }
  for (const member of type.getMembers()) {
    if (Node.isIndexSignatureDeclaration(member)) return member.getReturnTypeNode();
  }
  return undefined;
}

/** The declared type of the `index`-th parameter of a function type (`(args, extra: Extra) => ...`, a method signature). */
export function parameterTypeOf(project: AnalysisProject, typeNode: Node | undefined, index: number): Node | undefined {
  if (!typeNode) return undefined;
  let type = resolveType(project, typeNode);
  if (Node.isTypeLiteral(type) || Node.isInterfaceDeclaration(type)) {
    type = type.getMembers().find((member) => Node.isCallSignatureDeclaration(member)) ?? type;
  }
  if (Node.isFunctionTypeNode(type) || Node.isMethodSignature(type) || Node.isCallSignatureDeclaration(type)) {
    return type.getParameters()[index]?.getTypeNode();
  }
  return undefined;
}

/**
 * The type a function value is declared to have by where it sits: `const handler: ToolHandler = async (...) => ...`,
 * `{ handler: async (args, extra) => ... }` in an object or array whose type is declared, `... satisfies Tool`.
 */
export function contextualTypeOf(project: AnalysisProject, value: Node, hops = 0): Node | undefined {
  if (hops > MAX_HOPS) return undefined;
  let expr = value;
  while (Node.isParenthesizedExpression(expr.getParentOrThrow())) expr = expr.getParentOrThrow();
  const parent = expr.getParent();
  if (!parent) return undefined;
  if (Node.isMethodDeclaration(value) && Node.isObjectLiteralExpression(parent)) {
    return memberTypeOf(project, contextualTypeOf(project, parent, hops + 1), value.getName());
  }
  if (Node.isVariableDeclaration(parent) || Node.isPropertyDeclaration(parent)) {
    return parent.getInitializer() === expr ? parent.getTypeNode() : undefined;
  }
  if (Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isTypeAssertion(parent)) {
    return parent.getTypeNode();
  }
  if (Node.isPropertyAssignment(parent) && parent.getInitializer() === expr) {
    const object = parent.getParentOrThrow();
    return memberTypeOf(project, contextualTypeOf(project, object, hops + 1), propertyKey(parent));
  }
  if (Node.isArrayLiteralExpression(parent)) return elementTypeOf(project, contextualTypeOf(project, parent, hops + 1));
  return undefined;
}

function elementTypeOf(project: AnalysisProject, typeNode: Node | undefined): Node | undefined {
  const type = typeNode ? resolveType(project, typeNode) : undefined;
  if (!type) return undefined;
  if (Node.isArrayTypeNode(type)) return type.getElementTypeNode();
  const name = Node.isTypeReference(type) ? simpleName(type.getTypeName()) : undefined;
  if (Node.isTypeReference(type) && (name === 'Array' || name === 'ReadonlyArray')) return type.getTypeArguments()[0];
  return undefined;
}

function propertyKey(property: Node & { getNameNode(): Node }): string {
  const nameNode = property.getNameNode();
  return Node.isStringLiteral(nameNode) || Node.isNoSubstitutionTemplateLiteral(nameNode)
    ? nameNode.getLiteralValue()
    : nameNode.getText();
}

/**
 * The declared type of an expression from the project's annotations: a name's annotation, a member of its base's
 * declared type, a call's declared result, and what a context store holds (`storage.getStore()` of an
 * `AsyncLocalStorage<{ server: Server }>`).
 */
export function declaredTypeOf(project: AnalysisProject, expression: Node, hops = 0): Node | undefined {
  if (hops > MAX_HOPS) return undefined;
  const node = unwrap(expression);
  if (Node.isIdentifier(node)) {
    for (const declaration of declarationsOf(project, node)) {
      const annotation = annotationOf(declaration);
      if (annotation) return annotation;
      // `const store = storage.getStore()`: the initializer's declared type.
      const init = Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
      const declared = init ? declaredTypeOf(project, init, hops + 1) : undefined;
      if (declared) return declared;
      // `for (const tool of TOOLS)`, `TOOLS` a declared `ToolDef[]`: one element.
      const variable = Node.isVariableDeclaration(declaration) ? declaration : undefined;
      const loop = variable?.getParent()?.getParent();
      if (variable && loop && Node.isForOfStatement(loop) && Node.isIdentifier(variable.getNameNode())) {
        const element = elementTypeOf(project, declaredTypeOf(project, loop.getExpression(), hops + 1));
        if (element) return element;
      }
      // `async execute(deps, input, context) {...}` in a list typed `ToolDef[]`: the parameter the type declares.
      const contextual = Node.isParameterDeclaration(declaration)
        ? contextualParameterType(project, declaration, hops)
        : undefined;
      if (contextual) return contextual;
    }
    return undefined;
  }
  if (Node.isPropertyAccessExpression(node)) {
    return memberTypeOf(project, declaredTypeOf(project, node.getExpression(), hops + 1), node.getName());
  }
  if (Node.isCallExpression(node)) {
    const stored = storedTypeOf(project, node);
    if (stored) return stored;
    const callee = unwrap(node.getExpression());
    const nameNode = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
    for (const declaration of Node.isIdentifier(nameNode) ? declarationsOf(project, nameNode) : []) {
      const returned = returnTypeOf(project, declaration);
      if (returned) return returned;
    }
    if (Node.isPropertyAccessExpression(callee)) {
      const receiver = declaredTypeOf(project, callee.getExpression(), hops + 1);
      // `tools.find(...)` of a declared `ToolDef[]`: one element; `tools.filter(...)`: the same array type.
      const element = elementTypeOf(project, receiver);
      if (element && ONE_ELEMENT.has(callee.getName())) return element;
      if (element && SAME_ARRAY.has(callee.getName())) return receiver;
      const member = memberTypeOf(project, receiver, callee.getName());
      return member ? returnTypeOf(project, member) : undefined;
    }
  }
  return undefined;
}

/** An unannotated parameter of a function whose place declares its type (contextualTypeOf): that parameter's type. */
export function contextualParameterType(project: AnalysisProject, parameter: Node, hops = 0): Node | undefined {
  const fn = parameter.getParent();
  if (!fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn)))
    return undefined;
  const index = fn.getParameters().findIndex((candidate) => candidate === parameter);
  const type = contextualTypeOf(project, fn, hops + 1);
  return type ? parameterTypeOf(project, type, index) : undefined;
}

/** `storage.getStore()` where `storage` is declared or created as `AsyncLocalStorage<T>`: `T`. */
export function storedTypeOf(project: AnalysisProject, call: Node): Node | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const store = unwrap(callee.getExpression());
  const nameNode = Node.isPropertyAccessExpression(store) ? store.getNameNode() : store;
  for (const declaration of Node.isIdentifier(nameNode) ? declarationsOf(project, nameNode) : []) {
    const annotation = annotationOf(declaration);
    const init =
      Node.isVariableDeclaration(declaration) || Node.isPropertyDeclaration(declaration)
        ? declaration.getInitializer()
        : undefined;
    const created = init ? unwrap(init) : undefined;
    const candidates = [
      annotation && Node.isTypeReference(annotation)
        ? { name: simpleName(annotation.getTypeName()), args: annotation.getTypeArguments() }
        : undefined,
      created && Node.isNewExpression(created)
        ? { name: simpleName(created.getExpression()), args: created.getTypeArguments() }
        : undefined,
    ];
    for (const candidate of candidates) {
      if (candidate?.name && CONTEXT_STORES[candidate.name] === callee.getName() && candidate.args[0]) {
        return candidate.args[0];
      }
    }
  }
  return undefined;
}

function isProjectName(project: AnalysisProject, reference: Node): boolean {
  if (!Node.isTypeReference(reference)) return false;
  const name = reference.getTypeName();
  return Node.isIdentifier(name) && declarationsOf(project, name).length > 0;
}

/**
 * The member `name` of the project's own interface or object type that a value is declared as: the value's
 * annotation (`const devicesHandler: DomainHandler = ...`, through imports), the variable it is assigned to
 * (`handler = devicesHandler` with `let handler: DomainHandler`), or `... satisfies T` / `as T`. It is the signature
 * the checker resolves every `x.name` of a value so typed to. Undefined for other types (the SDK's, a package's,
 * an index signature: a key computed elsewhere names no member).
 */
export function declaredMemberOf(project: AnalysisProject, value: Node, name: string): Node | undefined {
  const typeNodes: Array<Node | undefined> = [];
  if (Node.isSatisfiesExpression(value) || Node.isAsExpression(value)) typeNodes.push(value.getTypeNode());
  typeNodes.push(declaredTypeOf(project, value), contextualTypeOf(project, value));
  let holder = value;
  while (Node.isParenthesizedExpression(holder.getParentOrThrow())) holder = holder.getParentOrThrow();
  const assignment = holder.getParent();
  if (
    assignment &&
    Node.isBinaryExpression(assignment) &&
    assignment.getRight() === holder &&
    assignment.getOperatorToken().getKind() === SyntaxKind.EqualsToken
  )
    typeNodes.push(declaredTypeOf(project, assignment.getLeft()));
  for (const typeNode of typeNodes) {
    const type = typeNode ? ownerTypeOf(project, typeNode) : undefined;
    if (!type) continue;
    const file = type.getSourceFile();
    if (file.isDeclarationFile() || file.isInNodeModules()) continue;
    const member = Node.isClassDeclaration(type)
      ? type.getInstanceMember(name)
      : type
          .getMembers()
          .find((m) => (Node.isPropertySignature(m) || Node.isMethodSignature(m)) && m.getName() === name);
    if (member) return member;
  }
  return undefined;
}

/** The interface, object type or class a type node names (through the project's aliases; `Promise<T>`: T's), if any. */
function ownerTypeOf(
  project: AnalysisProject,
  typeNode: Node,
  awaited = false,
): InterfaceDeclaration | TypeLiteralNode | ClassDeclaration | undefined {
  const type = resolveType(project, typeNode);
  if (Node.isInterfaceDeclaration(type) || Node.isTypeLiteral(type)) return type;
  if (!Node.isTypeReference(type)) return undefined;
  const name = type.getTypeName();
  const inner = type.getTypeArguments()[0];
  if (awaited && simpleName(name) === 'Promise' && inner && !isProjectName(project, type))
    return ownerTypeOf(project, inner);
  const declaration = Node.isIdentifier(name) ? declarationsOf(project, name)[0] : undefined;
  return declaration && Node.isClassDeclaration(declaration) ? declaration : undefined;
}

/**
 * Whether `x.name` reads the member `member` declares, by the declared type of `x` (an awaited `Promise<T>` as `T`):
 * the analysis program has no library, so the checker cannot type `await lookup(name)`; the annotations can.
 */
export function readsDeclaredMember(project: AnalysisProject, access: Node, member: Node): boolean {
  if (!Node.isPropertyAccessExpression(access)) return false;
  const declared = declaredTypeOf(project, access.getExpression());
  const type = declared ? ownerTypeOf(project, declared, true) : undefined;
  const owner = member.getParent();
  return (
    !!type &&
    !!owner &&
    type.getSourceFile().getFilePath() === owner.getSourceFile().getFilePath() &&
    type.getStart() === owner.getStart()
  );
}
