import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type {
  ArrowFunction,
  BinaryExpression,
  CallExpression,
  NewExpression,
  PropertyAccessExpression,
  ReturnStatement,
  VariableDeclaration,
} from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { EVENT_METHODS, EVENT_PROPERTIES, TIMER_FUNCTIONS } from '../constants.js';
import { nodeOfUse } from './chains.js';
import {
  displayName,
  enclosingFunction,
  isFunctionNode,
  namedDeclarationOf,
  projectFunctionOf,
  referencesTo,
  type FunctionNode,
} from './functions.js';
import { isAssignmentTo, registrationOf } from './handlers.js';
import type { OriginResolver } from './origins.js';
import { outermostOf, simpleName, unwrap } from './symbols.js';
import {
  MAX_FLOW_DEPTH,
  PartUses,
  isAssignmentTarget,
  isCommonJsExport,
  isInspection,
  isTypePosition,
  type PartHost,
  type Use,
} from './valueUses.js';

/**
 * The uses of a function: every place that invokes, registers or passes it on (a registration's callback, a timer's
 * or listener's, a wrapper's argument, an alias, a factory's result, a part of a value kept as data), found from its
 * references across files. Uses in test files are left out (a test never decides where a helper runs) and kept per
 * function for a note.
 */
export class FunctionUses implements PartHost {
  private readonly parts: PartUses = new PartUses(this);
  private readonly usesMemo = new Map<Node, Use[]>();

  /** Per function: the test files that call it (their calls are left out of its uses, see withoutTestUses). */
  private readonly testCallers = new Map<Node, string[]>();

  constructor(
    readonly project: AnalysisProject,
    private readonly origins: OriginResolver,
    private readonly isTestFile: (absPath: string) => boolean,
  ) {}

  /** The test files that call a function (as `name: file` lines), if any. */
  testCallersOf(fn: FunctionNode): string[] | undefined {
    return this.testCallers.get(fn);
  }

  /** Everything that invokes, registers or passes on a function. */
  usesOf(fn: FunctionNode): Use[] {
    const memo = this.usesMemo.get(fn);
    if (memo) return memo;
    this.usesMemo.set(fn, []);
    const uses: Use[] = [];
    const named = namedDeclarationOf(fn);
    if (named) {
      for (const reference of referencesTo(this.project, named.declaration, named.name)) {
        // `handler = async (args, extra) => ...` in each branch: a write of the variable is no use of the function.
        if (isTypePosition(reference) || isAssignmentTarget(reference)) continue;
        const parent = reference.getParent();
        const expr =
          parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === reference ? parent : reference;
        uses.push(...this.usesOfValue(expr));
      }
    }
    if (!named || Node.isPropertyAssignment(named.declaration) || Node.isBinaryExpression(named.declaration))
      uses.push(...this.usesOfValue(fn));
    // `{ name: 'x', async handler(args) { ... } }`: the method is the `handler` part of its object.
    const literal = fn.getParent();
    if (named && Node.isMethodDeclaration(fn) && literal && Node.isObjectLiteralExpression(literal))
      uses.push(...this.parts.usesOfPart(literal, [named.name], 0, literal));
    // `class DeleteTool { async execute(args, ctx) { ... } }`: each `new DeleteTool()` carries it as its `execute`
    // part, wherever the instance goes (a list of tools that a loop registers).
    const owner = named && Node.isPropertyDeclaration(named.declaration) ? named.declaration.getParent() : literal;
    if (
      named &&
      owner &&
      Node.isClassDeclaration(owner) &&
      (Node.isMethodDeclaration(fn) || Node.isPropertyDeclaration(named.declaration))
    ) {
      const isStatic = (named.declaration as { isStatic?: () => boolean }).isStatic?.() ?? false;
      const className = owner.getName();
      if (className && !isStatic) {
        for (const reference of referencesTo(this.project, owner, className)) {
          const created = reference.getParent();
          if (created && Node.isNewExpression(created) && created.getExpression() === reference)
            uses.push(...this.parts.usesOfPart(created, [named.name], 0, owner));
        }
      }
    }
    const production = this.withoutTestUses(fn, uses);
    this.usesMemo.set(fn, production);
    return production;
  }

  /** Without the uses in test files: a test never makes a helper `startup` or `mixed-callers` (kept for a note). */
  private withoutTestUses(fn: FunctionNode, uses: Use[]): Use[] {
    // A function written in a test file (with --include-tests) runs where its test calls it.
    if (this.isTestFile(fn.getSourceFile().getFilePath())) return uses;
    const tests = new Set<string>();
    const kept = uses.filter((use) => {
      const file = nodeOfUse(use).getSourceFile().getFilePath();
      if (!this.isTestFile(file)) return true;
      tests.add(this.project.relative(file));
      return false;
    });
    const name = displayName(fn);
    if (tests.size > 0)
      this.testCallers.set(
        fn,
        [...tests].sort().map((file) => `${name}: ${file}`),
      );
    return kept;
  }

  /** How a value (a function, or a name for one) is used where it appears (also for the part flow, valueUses.ts). */
  usesOfValue(value: Node, depth = 0): Use[] {
    if (depth > MAX_FLOW_DEPTH) return [{ kind: 'unresolved', node: value }];
    const expr = outermostOf(value);
    const parent = expr.getParent();
    if (!parent) return [];
    if (isInspection(parent, expr)) return [];
    if ((Node.isCallExpression(parent) || Node.isNewExpression(parent)) && parent.getExpression() === expr) {
      return [{ kind: 'call', call: parent }];
    }
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr)
      return this.usesOfMember(parent, depth);
    if (Node.isCallExpression(parent) || Node.isNewExpression(parent)) return this.usesAsArgument(parent, expr);
    if (
      Node.isBinaryExpression(parent) &&
      parent.getRight() === expr &&
      parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
    ) {
      return this.usesOfAssigned(parent, expr);
    }
    if (Node.isVariableDeclaration(parent) && parent.getInitializer() === expr)
      return this.usesOfAlias(parent, expr, depth);
    if (Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent.getBody() === expr))
      return this.usesOfReturned(parent, expr, depth);
    if (
      Node.isPropertyAssignment(parent) ||
      Node.isShorthandPropertyAssignment(parent) ||
      Node.isArrayLiteralExpression(parent) ||
      Node.isSpreadElement(parent)
    ) {
      return this.parts.usesOfPart(expr, [], depth);
    }
    if (Node.isExportAssignment(parent) || Node.isExportSpecifier(parent)) return [];
    return [{ kind: 'unresolved', node: expr }];
  }

  /** `fn.call(...)`, `fn.apply(...)`, `fn.bind(x)`, `fn.then(...)`: a member read off the value. */
  private usesOfMember(access: PropertyAccessExpression, depth: number): Use[] {
    const member = access.getName();
    const outer = access.getParent();
    if ((member === 'call' || member === 'apply') && outer && Node.isCallExpression(outer))
      return [{ kind: 'call', call: outer }];
    if (member === 'bind' && outer && Node.isCallExpression(outer)) return this.usesOfValue(outer, depth + 1);
    if (member === 'then' || member === 'catch' || member === 'finally') return [];
    return [];
  }

  /** The value passed to a call: a registration's callback, a timer's or listener's, a wrapper's, or passed on. */
  private usesAsArgument(call: CallExpression | NewExpression, expr: Node): Use[] {
    const registration = Node.isCallExpression(call) ? registrationOf(call, this.origins) : undefined;
    if (registration && registration.callback === expr) return [{ kind: 'registered', registration }];
    const callee = unwrap(call.getExpression());
    const calleeName = simpleName(callee);
    if (calleeName && TIMER_FUNCTIONS.has(calleeName))
      return [{ kind: 'context', family: 'timer', name: calleeName, node: call }];
    if (Node.isPropertyAccessExpression(callee) && EVENT_METHODS.has(callee.getName())) {
      const event = call.getArguments()[0];
      const label = `${callee.getName()}(${event ? event.getText() : ''})`;
      return [{ kind: 'context', family: 'event', name: label, node: call }];
    }
    // `registerTool(name, config, withErrors(async (args) => ...))`: the wrapper's result is the callback.
    const wrapped = Node.isCallExpression(call) ? this.usesAsCallback(call) : [];
    if (wrapped.length > 0) return wrapped;
    return (Node.isCallExpression(call) && this.callsInClosures(call, expr)) || [{ kind: 'passed', call }];
  }

  /**
   * `const markHandler = withComment(markIssue)` where `function withComment(handler) { return async (params) =>
   * handler(toParams(params)) }`: a project function that only keeps its parameter for functions it defines, which
   * call it later. Passing the value is not calling it: it runs where those functions run (the calls of its
   * parameter are its uses). Undefined when the parameter is used otherwise, or called in the function's own body
   * (then the function may run it during the call: `passed`, followed by the replay walk).
   */
  private callsInClosures(call: CallExpression, expr: Node): Use[] | undefined {
    const callee = unwrap(call.getExpression());
    const hof = Node.isIdentifier(callee) ? projectFunctionOf(this.project, callee) : undefined;
    const parameter = hof?.getParameters()[call.getArguments().indexOf(expr)];
    if (!hof || !parameter || parameter.isRestParameter() || !Node.isIdentifier(parameter.getNameNode()))
      return undefined;
    const symbol = parameter.getNameNode().getSymbol();
    const calls: Use[] = [];
    for (const reference of hof.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (reference === parameter.getNameNode() || reference.getText() !== parameter.getName()) continue;
      if (reference.getSymbol() !== symbol) continue;
      const parent = reference.getParent();
      if (!parent || !Node.isCallExpression(parent) || parent.getExpression() !== reference) return undefined;
      if (enclosingFunction(parent) === hof) return undefined;
      calls.push({ kind: 'call', call: parent });
    }
    return calls.length > 0 ? calls : undefined;
  }

  /** The value on the right of `x = value`: `server.oninitialized`, an event property, a CommonJS export. */
  private usesOfAssigned(assignment: BinaryExpression, expr: Node): Use[] {
    const left = assignment.getLeft();
    if (isAssignmentTo(expr, 'oninitialized')) {
      const receiver = Node.isPropertyAccessExpression(left) ? this.origins.originOf(left.getExpression()) : undefined;
      if (receiver) return [{ kind: 'context', family: 'oninitialized', name: 'oninitialized', node: assignment }];
    }
    if (isCommonJsExport(left)) return [];
    if (Node.isPropertyAccessExpression(left) && EVENT_PROPERTIES.has(left.getName())) {
      return [{ kind: 'context', family: 'event', name: left.getName(), node: assignment }];
    }
    return Node.isFunctionExpression(expr) || Node.isArrowFunction(expr)
      ? []
      : [{ kind: 'unresolved', node: assignment }];
  }

  /** The value a variable is initialised with: the variable's own uses. */
  private usesOfAlias(variable: VariableDeclaration, expr: Node, depth: number): Use[] {
    // `const confirm = confirmAction` or `const confirm = helper.bind(x)`: follow the alias.
    if (isFunctionNode(expr)) return [];
    const uses: Use[] = [];
    for (const reference of referencesTo(this.project, variable, variable.getName())) {
      if (!isTypePosition(reference) && !isAssignmentTarget(reference))
        uses.push(...this.usesOfValue(reference, depth + 1));
    }
    return uses;
  }

  /** The value a function returns (`return value`, or an arrow's expression body): the uses of each call's result. */
  private usesOfReturned(parent: ReturnStatement | ArrowFunction, expr: Node, depth: number): Use[] {
    // `const makeHandler = (name) => async (args) => ...`: the function flows to each call's result.
    const factory = Node.isReturnStatement(parent) ? enclosingFunction(parent) : parent;
    if (!factory) return [{ kind: 'unresolved', node: expr }];
    const uses = this.usesOf(factory).flatMap((use) =>
      use.kind === 'call' ? this.usesOfValue(use.call, depth + 1) : [],
    );
    return uses.length > 0 ? uses : [{ kind: 'unresolved', node: expr }];
  }

  /** When a call's result is itself installed as a callback (a registration, a timer, a listener), that use. */
  private usesAsCallback(call: Node): Use[] {
    let expr = call;
    while (expr.getParent() && Node.isParenthesizedExpression(expr.getParentOrThrow())) expr = expr.getParentOrThrow();
    const outer = expr.getParent();
    if (!outer || !Node.isCallExpression(outer) || !outer.getArguments().includes(expr)) return [];
    const uses = this.usesOfValue(expr, 1);
    return uses.filter((use) => use.kind === 'registered' || use.kind === 'context');
  }
}
