import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import type { SdkMajor } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { MEMBER_ROLES, ROLE_KEEPING_TYPES, SDK_TYPE_ROLES, type Role } from '../constants.js';
import { annotationOf, contextualParameterType, declaredTypeOf } from './declaredTypes.js';
import { assignedValues, thisAssignedValues, valuesFlowingInto } from './assignments.js';
import { enclosingFunction, isFunctionNode, thisClassOf, type FunctionNode } from './functions.js';
import { declarationsOf, sdkNameOf, unwrap } from './symbols.js';

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
 * Proves that an expression is an SDK object (an McpServer, its Server, a handler context, ctx.mcpReq, or the
 * context's request function) from declarations alone: constructors imported from the SDK, values typed with SDK
 * types (through the project's aliases, `McpServer['server']`, `Pick<Server, ...>`, declared results of functions
 * and getters, what an `AsyncLocalStorage<Server>` holds, the parameter types of a declared function type), values
 * at the context position of a handler callback, fields and singletons assigned from those, and arguments passed
 * down to helpers (a project's own narrow server type is proven by the server that flows in). Anything unproven
 * is not the SDK's (look-alikes stay untouched).
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
      if (base) return memberOrigin(base, node.getName());
      return (
        this.fromDeclarations(declarationsOf(this.project, node.getNameNode()), depth) ??
        this.fromTypeNode(declaredTypeOf(this.project, node)) ??
        this.fromMember(node.getExpression(), node.getName(), depth)
      );
    }
    if (Node.isIdentifier(node)) {
      return this.fromDeclarations(declarationsOf(this.project, node), depth);
    }
    if (node.getKind() === SyntaxKind.ThisKeyword) return this.fromThis(node);
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
      // The declared result (`getServer(): Server`, `storage.getStore()` of an `AsyncLocalStorage<Server>`) first.
      const declared = this.fromTypeNode(declaredTypeOf(this.project, node));
      if (declared) return declared;
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
        this.fromTypeNode(declaration.getTypeNode() ?? jsDocType(declaration)) ??
        this.fromContextualType(declaration) ??
        this.fromParameter(declaration, depth)
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
      return this.fromTypeNode(annotationOf(declaration)) ?? this.fromReturns(declaration, depth);
    }
    return undefined;
  }

  /**
   * `this` in an instance member of a class that extends the SDK's server (`class KongServer extends McpServer`,
   * directly or through the project's own classes): the server itself. An arrow function keeps the member's `this`;
   * any other function has its own.
   */
  private fromThis(node: Node): Origin | undefined {
    const cls = thisClassOf(node);
    return cls ? this.fromBase(cls, 0) : undefined;
  }

  private fromBase(cls: Node, hops: number): Origin | undefined {
    if (hops > MAX_DEPTH || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return undefined;
    const base = cls.getExtends()?.getExpression();
    if (!base) return undefined;
    const sdk = this.fromSdkName(base);
    if (sdk) return sdk.role === 'mcp-server' || sdk.role === 'server' ? sdk : undefined;
    const declaration = Node.isIdentifier(base) ? declarationsOf(this.project, base)[0] : undefined;
    return declaration ? this.fromBase(declaration, hops + 1) : undefined;
  }

  private fromInitializer(init: Node | undefined, depth: number): Origin | undefined {
    return init ? this.originOf(init, depth) : undefined;
  }

  /** `let server; ... server = new McpServer(...)`: assignments to the variable in its file. */
  private fromAssignments(declaration: Node, name: string, depth: number): Origin | undefined {
    for (const value of assignedValues(this.project, declaration, name)) {
      const origin = this.originOf(value, depth);
      if (origin) return origin;
    }
    return undefined;
  }

  /** Class fields assigned in the class body: `this.server = server` in a constructor or init method. */
  private fromThisAssignments(property: Node, depth: number): Origin | undefined {
    for (const value of thisAssignedValues(property)) {
      const origin = this.originOf(value, depth);
      if (origin) return origin;
    }
    return undefined;
  }

  /**
   * The role an annotation gives: an SDK type (`Server`, `RequestHandlerExtra<...>`), through the project's aliases
   * and interfaces extending one, a member of one (`McpServer['server']`), a view or wrapper of one
   * (`Pick<Server, 'elicitInput'>`, `Promise<Server>`), or `typeof server`.
   */
  private fromTypeNode(typeNode: Node | undefined, hops = 0): Origin | undefined {
    if (!typeNode || hops > MAX_DEPTH) return undefined;
    if (Node.isUnionTypeNode(typeNode) || Node.isIntersectionTypeNode(typeNode)) {
      for (const member of typeNode.getTypeNodes()) {
        const origin = this.fromTypeNode(member, hops + 1);
        if (origin) return origin;
      }
      return undefined;
    }
    if (Node.isParenthesizedTypeNode(typeNode)) return this.fromTypeNode(typeNode.getTypeNode(), hops + 1);
    if (Node.isTypeQuery(typeNode)) return this.originOf(typeNode.getExprName());
    if (Node.isIndexedAccessTypeNode(typeNode)) {
      const base = this.fromTypeNode(typeNode.getObjectTypeNode(), hops + 1);
      const index = typeNode.getIndexTypeNode();
      const literal = Node.isLiteralTypeNode(index) ? index.getLiteral() : undefined;
      return base && literal && Node.isStringLiteral(literal)
        ? memberOrigin(base, literal.getLiteralValue())
        : undefined;
    }
    if (Node.isImportTypeNode(typeNode)) return this.fromSdkName(typeNode);
    if (Node.isExpressionWithTypeArguments(typeNode) || Node.isTypeReference(typeNode)) {
      const name = Node.isTypeReference(typeNode) ? typeNode.getTypeName() : typeNode.getExpression();
      const sdk = this.fromSdkName(name);
      if (sdk) return sdk;
      const declarations = Node.isIdentifier(name) ? declarationsOf(this.project, name) : [];
      if (declarations.length === 0 && ROLE_KEEPING_TYPES.has(name.getText())) {
        return this.fromTypeNode(typeNode.getTypeArguments()[0], hops + 1);
      }
      const declaration = declarations[0];
      if (declaration && Node.isTypeAliasDeclaration(declaration)) {
        return this.fromTypeNode(declaration.getTypeNode(), hops + 1);
      }
      if (declaration && Node.isInterfaceDeclaration(declaration)) {
        for (const base of declaration.getExtends()) {
          const origin = this.fromTypeNode(base, hops + 1);
          if (origin) return origin;
        }
      }
    }
    return undefined;
  }

  private fromSdkName(nameNode: Node): Origin | undefined {
    const sdk = sdkNameOf(this.project, nameNode);
    const role = sdk && SDK_TYPE_ROLES[sdk.name];
    return sdk && role ? { role, sdk: sdk.major } : undefined;
  }

  /** An unannotated parameter of a function whose declared type types it (`handler: ToolHandler` in a table). */
  private fromContextualType(parameter: Node): Origin | undefined {
    return this.fromTypeNode(contextualParameterType(this.project, parameter));
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
    if (holder && Node.isBindingElement(holder)) {
      // `{ mcpReq: { send } }`: a member of what the outer element is.
      const outer = this.fromBindingElement(holder, depth);
      return outer && memberOrigin(outer, key);
    }
    if (holder && Node.isVariableDeclaration(holder)) {
      const init = holder.getInitializer();
      if (init) sources.push(init);
    } else if (holder && Node.isParameterDeclaration(holder)) {
      const fn = holder.getParent();
      if (fn && isFunctionNode(fn)) {
        const index = fn.getParameters().indexOf(holder);
        // `async (args, { mcpReq }) => ...` in a handler, or a pattern typed as the context: a member of it.
        const context = this.hooks.contextParameterOf(fn);
        const typed =
          context?.index === index
            ? { role: 'context' as const, sdk: context.sdk }
            : (this.fromTypeNode(holder.getTypeNode()) ?? this.fromContextualType(holder));
        const member = typed && memberOrigin(typed, key);
        if (member) return member;
        for (const call of this.hooks.callsOf(fn)) {
          const arg = argumentsOf(call)[index];
          if (arg) sources.push(arg);
        }
      }
    }
    return this.fromSources(sources, key, depth);
  }

  /** `holder.key` where `holder` is a variable, a parameter or a field: the `key` of the objects written into it. */
  private fromMember(holder: Node, key: string, depth: number): Origin | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const values = valuesFlowingInto(this.project, (fn) => this.hooks.callsOf(fn), holder);
    return this.fromSources(
      values.filter((value) => Node.isObjectLiteralExpression(value)),
      key,
      depth,
    );
  }

  /** The `key` of each value: a property of an object literal, or a member of an SDK value. */
  private fromSources(sources: Node[], key: string, depth: number): Origin | undefined {
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
        // `{ ...context, requestId }`: the member of what is spread in (the last spread first: it wins).
        const spreads = property ? [] : value.getProperties().filter((p) => Node.isSpreadAssignment(p));
        for (const spread of spreads.reverse()) {
          const inner = spread.getExpression();
          const base = this.originOf(inner, depth);
          const origin = base ? memberOrigin(base, key) : this.fromMember(inner, key, depth + 1);
          if (origin) return origin;
        }
      } else {
        const base = this.originOf(value, depth);
        const origin = base && memberOrigin(base, key);
        if (origin) return origin;
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

/** A member of an SDK value that is itself one: `mcp.server`, `ctx.mcpReq`, `extra.sendRequest`. */
function memberOrigin(base: Origin, name: string): Origin | undefined {
  const role = MEMBER_ROLES[base.role]?.[name];
  return role ? { role, sdk: base.sdk } : undefined;
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
