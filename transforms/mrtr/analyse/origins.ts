import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import type { SdkMajor } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { SDK_TYPE_ROLES, type Role } from '../constants.js';
import { enclosingFunction, isFunctionNode, type FunctionNode } from './functions.js';
import { declarationsOf, identifierAt, sdkNameOf, unwrap, wordOffsets } from './symbols.js';

export interface Origin {
  role: Role;
  sdk: SdkMajor;
}

export interface OriginHooks {
  /** When `fn` is a handler callback, the parameter index of its context (`extra` / `ctx`) and the SDK major. */
  contextParameterOf(fn: FunctionNode): { index: number; sdk: SdkMajor } | undefined;
  /** Call and `new` expressions that invoke `fn`. */
  callsOf(fn: FunctionNode): Node[];
}

const MAX_DEPTH = 12;

/**
 * Proves that an expression is an SDK object (an McpServer, its Server, a handler context or ctx.mcpReq)
 * from declarations alone: constructors imported from the SDK, parameters typed with SDK types or sitting
 * at the context position of a handler callback, fields and singletons assigned from those, and
 * arguments passed down to helpers. Anything unproven is not the SDK's (look-alikes stay untouched).
 */
export class OriginResolver {
  private readonly memo = new Map<Node, Origin | null>();

  constructor(
    private readonly project: AnalysisProject,
    private readonly hooks: OriginHooks,
  ) {}

  originOf(expression: Node, depth = 0): Origin | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const node = unwrap(expression);
    const cached = this.memo.get(node);
    if (cached !== undefined) return cached ?? undefined;
    this.memo.set(node, null); // cycle guard
    const origin = this.compute(node, depth + 1);
    this.memo.set(node, origin ?? null);
    return origin;
  }

  private compute(node: Node, depth: number): Origin | undefined {
    if (Node.isNewExpression(node)) {
      const sdk = sdkNameOf(this.project, node.getExpression());
      const role = sdk && SDK_TYPE_ROLES[sdk.name];
      return sdk && (role === 'mcp-server' || role === 'server') ? { role, sdk: sdk.major } : undefined;
    }
    if (Node.isPropertyAccessExpression(node)) {
      const base = this.originOf(node.getExpression(), depth);
      const name = node.getName();
      if (base?.role === 'mcp-server' && name === 'server') return { role: 'server', sdk: base.sdk };
      if (base?.role === 'context' && name === 'mcpReq') return { role: 'mcp-req', sdk: base.sdk };
      if (base) return undefined;
      return this.fromDeclarations(declarationsOf(this.project, node.getNameNode()), depth);
    }
    if (Node.isIdentifier(node)) {
      return this.fromDeclarations(declarationsOf(this.project, node), depth);
    }
    if (Node.isConditionalExpression(node)) {
      return this.originOf(node.getWhenTrue(), depth) ?? this.originOf(node.getWhenFalse(), depth);
    }
    if (Node.isBinaryExpression(node)) {
      const op = node.getOperatorToken().getKind();
      if (op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken) {
        return this.originOf(node.getLeft(), depth) ?? this.originOf(node.getRight(), depth);
      }
      if (op === SyntaxKind.EqualsToken) return this.originOf(node.getRight(), depth);
      return undefined;
    }
    if (Node.isCallExpression(node)) {
      const callee = unwrap(node.getExpression());
      const nameNode = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
      for (const declaration of Node.isIdentifier(nameNode) ? declarationsOf(this.project, nameNode) : []) {
        const fn = functionOfDeclaration(declaration);
        if (fn) {
          const returned = this.fromReturns(fn, depth);
          if (returned) return returned;
        }
      }
    }
    return undefined;
  }

  private fromDeclarations(declarations: Node[], depth: number): Origin | undefined {
    for (const declaration of declarations) {
      const origin = this.fromDeclaration(declaration, depth);
      if (origin) return origin;
    }
    return undefined;
  }

  private fromDeclaration(declaration: Node, depth: number): Origin | undefined {
    if (Node.isVariableDeclaration(declaration)) {
      return (
        this.fromTypeNode(declaration.getTypeNode() ?? jsDocType(declaration)) ??
        this.fromInitializer(declaration.getInitializer(), depth) ??
        this.fromAssignments(declaration, declaration.getName(), depth)
      );
    }
    if (Node.isParameterDeclaration(declaration)) {
      return (
        this.fromTypeNode(declaration.getTypeNode() ?? jsDocType(declaration)) ?? this.fromParameter(declaration, depth)
      );
    }
    if (Node.isPropertyDeclaration(declaration) || Node.isPropertySignature(declaration)) {
      const fromType = this.fromTypeNode(declaration.getTypeNode() ?? jsDocType(declaration));
      if (fromType) return fromType;
      const init = Node.isPropertyDeclaration(declaration) ? declaration.getInitializer() : undefined;
      return this.fromInitializer(init, depth) ?? this.fromThisAssignments(declaration, depth);
    }
    if (Node.isPropertyAssignment(declaration)) {
      return this.fromInitializer(declaration.getInitializer(), depth);
    }
    if (Node.isShorthandPropertyAssignment(declaration)) {
      const value = this.project.project.getTypeChecker().getShorthandAssignmentValueSymbol(declaration);
      return this.fromDeclarations(value?.getDeclarations() ?? [], depth);
    }
    if (Node.isBindingElement(declaration)) {
      return this.fromBindingElement(declaration, depth);
    }
    if (Node.isBinaryExpression(declaration)) {
      // `this.server = x` / `exports.server = x` seen as the declaration of a JS property.
      return this.originOf(declaration.getRight(), depth);
    }
    if (Node.isGetAccessorDeclaration(declaration)) {
      return this.fromReturns(declaration, depth);
    }
    return undefined;
  }

  private fromInitializer(init: Node | undefined, depth: number): Origin | undefined {
    return init ? this.originOf(init, depth) : undefined;
  }

  /** `let server; ... server = new McpServer(...)`: assignments to the variable in its file. */
  private fromAssignments(declaration: Node, name: string, depth: number): Origin | undefined {
    const sourceFile = declaration.getSourceFile();
    for (const offset of wordOffsets(sourceFile, name)) {
      const left = identifierAt(sourceFile, offset);
      const assignment = left?.getParent();
      if (!left || !assignment || !Node.isBinaryExpression(assignment) || assignment.getLeft() !== left) continue;
      if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
      if (!declarationsOf(this.project, left).includes(declaration)) continue;
      const origin = this.originOf(assignment.getRight(), depth);
      if (origin) return origin;
    }
    return undefined;
  }

  /** Class fields assigned in the class body: `this.server = server` in a constructor or init method. */
  private fromThisAssignments(property: Node, depth: number): Origin | undefined {
    const cls =
      property.getFirstAncestorByKind(SyntaxKind.ClassDeclaration) ??
      property.getFirstAncestorByKind(SyntaxKind.ClassExpression);
    const name = (property as { getName?: () => string }).getName?.();
    if (!cls || !name) return undefined;
    const sourceFile = cls.getSourceFile();
    for (const offset of wordOffsets(sourceFile, name)) {
      if (offset < cls.getStart() || offset > cls.getEnd()) continue;
      const access = identifierAt(sourceFile, offset)?.getParent();
      if (
        !access ||
        !Node.isPropertyAccessExpression(access) ||
        access.getExpression().getKind() !== SyntaxKind.ThisKeyword
      )
        continue;
      const parent = access.getParent();
      if (
        Node.isBinaryExpression(parent) &&
        parent.getLeft() === access &&
        parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
      ) {
        const origin = this.originOf(parent.getRight(), depth);
        if (origin) return origin;
      }
    }
    return undefined;
  }

  private fromTypeNode(typeNode: Node | undefined): Origin | undefined {
    if (!typeNode) return undefined;
    if (Node.isUnionTypeNode(typeNode) || Node.isIntersectionTypeNode(typeNode)) {
      for (const member of typeNode.getTypeNodes()) {
        const origin = this.fromTypeNode(member);
        if (origin) return origin;
      }
      return undefined;
    }
    if (Node.isParenthesizedTypeNode(typeNode)) return this.fromTypeNode(typeNode.getTypeNode());
    if (Node.isTypeQuery(typeNode)) return this.originOf(typeNode.getExprName());
    const nameNode = Node.isTypeReference(typeNode)
      ? typeNode.getTypeName()
      : Node.isImportTypeNode(typeNode)
        ? typeNode
        : undefined;
    const sdk = nameNode ? sdkNameOf(this.project, nameNode) : undefined;
    const role = sdk && SDK_TYPE_ROLES[sdk.name];
    return sdk && role ? { role, sdk: sdk.major } : undefined;
  }

  private fromParameter(parameter: Node, depth: number): Origin | undefined {
    const fn = parameter.getParent();
    if (!fn || !isFunctionNode(fn)) return undefined;
    const index = fn.getParameters().indexOf(parameter);
    const context = this.hooks.contextParameterOf(fn);
    if (context && context.index === index) return { role: 'context', sdk: context.sdk };
    for (const call of this.hooks.callsOf(fn)) {
      const arg = argumentsOf(call)[index];
      const origin = arg ? this.originOf(arg, depth) : undefined;
      if (origin) return origin;
    }
    return undefined;
  }

  /** `function f({ server })` called as `f({ server })`, or `const { server } = holder`. */
  private fromBindingElement(element: Node, depth: number): Origin | undefined {
    if (!Node.isBindingElement(element)) return undefined;
    const key = (element.getPropertyNameNode() ?? element.getNameNode()).getText();
    const pattern = element.getParent();
    const holder = pattern?.getParent();
    const sources: Node[] = [];
    if (holder && Node.isVariableDeclaration(holder)) {
      const init = holder.getInitializer();
      if (init) sources.push(init);
    } else if (holder && Node.isParameterDeclaration(holder)) {
      const fn = holder.getParent();
      if (fn && isFunctionNode(fn)) {
        const index = fn.getParameters().indexOf(holder);
        // `async (args, { mcpReq }) => ...` in a handler: the pattern destructures the context itself.
        const context = this.hooks.contextParameterOf(fn);
        if (context?.index === index) {
          if (key === 'mcpReq') return { role: 'mcp-req', sdk: context.sdk };
          if (key === 'sendRequest') return undefined;
        }
        for (const call of this.hooks.callsOf(fn)) {
          const arg = argumentsOf(call)[index];
          if (arg) sources.push(arg);
        }
      }
    }
    for (const source of sources) {
      const value = unwrap(source);
      if (Node.isObjectLiteralExpression(value)) {
        const property = value.getProperty(key);
        if (property && (Node.isPropertyAssignment(property) || Node.isShorthandPropertyAssignment(property))) {
          const origin = Node.isPropertyAssignment(property)
            ? this.originOf(property.getInitializerOrThrow(), depth)
            : this.fromDeclaration(property, depth);
          if (origin) return origin;
        }
      } else {
        const base = this.originOf(value, depth);
        if (base?.role === 'mcp-server' && key === 'server') return { role: 'server', sdk: base.sdk };
        if (base?.role === 'context' && key === 'mcpReq') return { role: 'mcp-req', sdk: base.sdk };
      }
    }
    return undefined;
  }

  private fromReturns(fn: Node, depth: number): Origin | undefined {
    if (Node.isArrowFunction(fn)) {
      const body = fn.getBody();
      if (!Node.isBlock(body)) return this.originOf(body, depth);
    }
    for (const statement of fn.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
      if (enclosingFunction(statement) !== fn) continue;
      const expr = statement.getExpression();
      const origin = expr ? this.originOf(expr, depth) : undefined;
      if (origin) return origin;
    }
    return undefined;
  }
}

export function argumentsOf(call: Node): Node[] {
  if (Node.isCallExpression(call) || Node.isNewExpression(call)) return call.getArguments();
  return [];
}

function functionOfDeclaration(declaration: Node): Node | undefined {
  if (isFunctionNode(declaration)) return declaration;
  if (Node.isVariableDeclaration(declaration) || Node.isPropertyAssignment(declaration)) {
    const init = declaration.getInitializer();
    const value = init ? unwrap(init) : undefined;
    return value && isFunctionNode(value) ? value : undefined;
  }
  return undefined;
}

/** The JSDoc type of a JS declaration (`@param {McpServer} server`, `@type {import('...').McpServer}`). */
function jsDocType(declaration: Node): Node | undefined {
  const typeNode = ts.getJSDocType(declaration.compilerNode);
  if (!typeNode) return undefined;
  let node: Node | undefined = declaration.getSourceFile().getDescendantAtPos(typeNode.getStart());
  while (node && node.compilerNode !== typeNode) node = node.getParent();
  return node;
}
