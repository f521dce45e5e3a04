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
import type { Frame } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { EVENT_METHODS, EVENT_PROPERTIES, TIMER_FUNCTIONS } from '../constants.js';
import {
  dedupe,
  elementNameOf,
  isExported,
  nodeOfUse,
  startupChain,
  testsOf,
  withElement,
  type Chain,
} from './chains.js';
import { frameworkDetail, frameworkEntryOf } from './frameworkEntries.js';
import {
  displayName,
  enclosingFunction,
  isFunctionNode,
  namedDeclarationOf,
  referencesTo,
  type FunctionNode,
} from './functions.js';
import {
  elementContextIndex,
  isAssignmentTo,
  registrationOf,
  templateCallbackOf,
  type Registration,
} from './handlers.js';
import { OriginResolver, type OriginHooks } from './origins.js';
import { declarationsOf, simpleName, unwrap } from './symbols.js';
import {
  MAX_FLOW_DEPTH,
  PartUses,
  isAssignmentTarget,
  isCommonJsExport,
  isInspection,
  isTypePosition,
  type Use,
} from './valueUses.js';

const MAX_CHAINS = 20;

/**
 * Answers "where does this code run?" for the functions holding push-style calls: follows each function to
 * its callers (across files, through class members, object maps and callbacks) up to a handler
 * registration or a non-request context.
 */
export class MrtrAnalysis implements OriginHooks {
  readonly origins: OriginResolver;
  private readonly parts: PartUses = new PartUses(this);
  private readonly chainMemo = new Map<Node, Chain[] | null>();
  private readonly usesMemo = new Map<Node, Use[]>();
  private readonly contextMemo = new Map<Node, { index: number; sdk: Registration['sdk'] } | null>();

  /** Per function: the test files that call it (their calls are left out of its uses, see withoutTestUses). */
  private readonly testCallers = new Map<Node, string[]>();

  constructor(
    readonly project: AnalysisProject,
    private readonly isTestFile: (absPath: string) => boolean = () => false,
  ) {
    this.origins = new OriginResolver(project, this);
  }

  /** Chains that reach a node: through its enclosing function, or from module level. */
  chainsOf(node: Node): Chain[] {
    const fn = enclosingFunction(node);
    return fn ? this.chainsOfFunction(fn) : [startupChain(this.project, node)];
  }

  chainsOfFunction(fn: FunctionNode): Chain[] {
    const memo = this.chainMemo.get(fn);
    if (memo !== undefined) return memo ?? [];
    this.chainMemo.set(fn, null); // recursion: a cycle adds no new entry
    const chains = this.computeChains(fn);
    this.chainMemo.set(fn, chains);
    return chains;
  }

  private computeChains(fn: FunctionNode): Chain[] {
    const own = namedDeclarationOf(fn) ? [this.frameOf(fn)] : [];
    const uses = this.usesOf(fn);
    const tests = this.testCallers.get(fn);
    const template = templateCallbackOf(fn);
    if (template) {
      return [
        {
          family: 'other-request',
          frames: [{ ...this.frameAt(fn, template.name), family: 'other-request', method: template.method }],
        },
      ];
    }
    // A handler a framework runs (FastMCP's execute, an MCP-Nest @Tool method): the entry, with no registration.
    const framework = frameworkEntryOf(fn);
    if (framework) {
      const frame = { ...this.frameAt(fn, framework.name), family: framework.family, method: framework.family };
      return [{ family: framework.family, frames: [frame], framework: frameworkDetail(framework.framework) }];
    }
    if (uses.length === 0) {
      // An exported function with no caller may still be loaded by a computed import(`./tools/${name}.js`); one that
      // tests call is live: its production callers are the ones the audit cannot see.
      const family = tests || (isExported(fn) && this.project.hasComputedImports()) ? 'unresolved' : 'dead';
      return [{ family, frames: own.length ? own : [this.frameOf(fn)], ...(tests ? { tests } : {}) }];
    }
    const chains: Chain[] = [];
    for (const use of uses) {
      for (const found of this.chainsOfUse(use)) {
        const prefix = use.kind === 'call' && use.element ? withElement(found, use.call, use.element) : found;
        const last = prefix.frames[prefix.frames.length - 1];
        // A callback assigned to `server.oninitialized` is both the entry and the function: one frame.
        const tail = own.filter(
          (frame) => !(last && last.line === frame.line && last.file === frame.file && last.name === frame.name),
        );
        // The caller's frame records where it calls this function, so two calls from one handler are two chains.
        const head =
          (use.kind === 'call' || use.kind === 'passed') && last && tail.length > 0
            ? [...prefix.frames.slice(0, -1), { ...last, callLine: this.project.userLine(use.call) }]
            : prefix.frames;
        chains.push({ ...prefix, frames: [...head, ...tail], ...testsOf(prefix.tests, tests) });
        if (chains.length >= MAX_CHAINS) return dedupe(chains);
      }
    }
    return dedupe(chains);
  }

  private chainsOfUse(use: Use): Chain[] {
    switch (use.kind) {
      case 'registered': {
        const r = use.registration;
        const registered = elementNameOf(r, use.element) ?? r.name;
        const name = r.method === registered ? r.method : `${r.method} ${registered}`;
        return [
          {
            family: r.family,
            frames: [{ ...this.frameAt(r.call, name), family: r.family, method: r.method }],
            registration: r,
            ...(use.element ? { element: use.element } : {}),
          },
        ];
      }
      case 'context':
        return [{ family: use.family, frames: [{ ...this.frameAt(use.node, use.name), family: use.family }] }];
      case 'call':
      case 'passed':
        return this.chainsOf(use.call);
      case 'unresolved':
        return [{ family: 'unresolved', frames: [this.frameAt(use.node, '<unresolved>')] }];
    }
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
        if (isTypePosition(reference)) continue;
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
    let expr = value;
    let parent = expr.getParent();
    while (
      parent &&
      (Node.isParenthesizedExpression(parent) ||
        Node.isAsExpression(parent) ||
        Node.isSatisfiesExpression(parent) ||
        Node.isNonNullExpression(parent))
    ) {
      expr = parent;
      parent = parent.getParent();
    }
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
    return wrapped.length > 0 ? wrapped : [{ kind: 'passed', call }];
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

  contextParameterOf(fn: FunctionNode): { index: number; sdk: Registration['sdk'] } | undefined {
    const memo = this.contextMemo.get(fn);
    if (memo !== undefined) return memo ?? undefined;
    this.contextMemo.set(fn, null);
    let found: { index: number; sdk: Registration['sdk'] } | undefined;
    const registrations = this.registrationsOf(fn);
    for (const registration of registrations) {
      if (registration.contextIndex !== undefined) {
        found = { index: registration.contextIndex, sdk: registration.sdk };
        break;
      }
    }
    // A handler in a list of definitions that a loop registers: its context position comes from its own definition.
    if (registrations.length === 0) {
      for (const use of this.usesOf(fn)) {
        if (use.kind !== 'registered' || !use.element) continue;
        const index = elementContextIndex(use.registration, use.element, fn);
        if (index !== undefined) {
          found = { index, sdk: use.registration.sdk };
          break;
        }
      }
    }
    this.contextMemo.set(fn, found ?? null);
    return found;
  }

  /** Registrations that install `fn` as their callback, directly or by name. */
  private registrationsOf(fn: FunctionNode): Registration[] {
    const candidates: Node[] = [fn];
    const named = namedDeclarationOf(fn);
    if (named) candidates.push(...referencesTo(this.project, named.declaration, named.name));
    const out: Registration[] = [];
    for (const candidate of candidates) {
      let expr: Node = candidate;
      while (
        expr.getParent() &&
        (Node.isParenthesizedExpression(expr.getParentOrThrow()) || Node.isAsExpression(expr.getParentOrThrow()))
      )
        expr = expr.getParentOrThrow();
      const call = expr.getParent();
      if (call && Node.isCallExpression(call) && call.getArguments().includes(expr)) {
        const registration = registrationOf(call, this.origins);
        if (registration && registration.callback === expr) out.push(registration);
      }
    }
    return out;
  }

  callsOf(fn: FunctionNode): Node[] {
    return this.usesOf(fn).flatMap((use) => (use.kind === 'call' ? [use.call] : []));
  }

  frameOf(fn: FunctionNode): Frame {
    return this.frameAt(fn, displayName(fn));
  }

  frameAt(node: Node, name: string): Frame {
    return { name, file: this.project.relative(node.getSourceFile().getFilePath()), line: this.project.userLine(node) };
  }

  declarationsOf(node: Node): Node[] {
    return declarationsOf(this.project, node);
  }
}
