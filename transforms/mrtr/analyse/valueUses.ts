import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type {
  ArrowFunction,
  BindingElement,
  CallExpression,
  ElementAccessExpression,
  ForOfStatement,
  NewExpression,
  ParameterDeclaration,
  PropertyAccessExpression,
  PropertyDeclaration,
  ReturnStatement,
  VariableDeclaration,
} from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { declaredMemberOf, declaredTypeOf, memberTypeOf, readsDeclaredMember } from './declaredTypes.js';
import {
  enclosingFunction,
  memberReadsNamed,
  callbackFunctionsOf,
  projectFunctionOf,
  propertyKeyOf,
  referencesTo,
  type FunctionNode,
} from './functions.js';
import type { Registration } from './handlers.js';
import { declarationsOf, stringValue, unwrap } from './symbols.js';

/** A way a function is used: called, registered as a handler, run in a non-request context, passed on, or not known. */
export type Use =
  /** `element`: the definition object the called function came in (`tool.handler(args)` in a loop over definitions). */
  | { kind: 'call'; call: Node; element?: Node }
  /** `element`: the object (or class of the instance) the callback came in, when a loop registers each element's (it names the registration). */
  | { kind: 'registered'; registration: Registration; element?: Node }
  | { kind: 'context'; family: 'oninitialized' | 'event' | 'timer'; name: string; node: Node }
  | { kind: 'passed'; call: Node }
  | { kind: 'unresolved'; node: Node };

/** Steps a value is followed (aliases, factories, literals, loops, parameters) before it counts as unresolved. */
export const MAX_FLOW_DEPTH = 16;

/** What the part flow needs from the analysis: a function's uses, and a value's uses where it appears. */
export interface PartHost {
  readonly project: AnalysisProject;
  usesOf(fn: FunctionNode): Use[];
  usesOfValue(value: Node, depth: number): Use[];
}

/**
 * Functions kept as data: a handler in a list of tool definitions, a map of handlers, a registry, a class's
 * instances. Follows the value that holds the function to the code that reads the function out of it.
 */
export class PartUses {
  constructor(private readonly host: PartHost) {}

  /**
   * Uses of a function stored inside another value: `path` leads from `value` to it (`['handler']`: the
   * `handler` of an object; `[ELEMENT, 'handler']`: that of each element of an array). The value is followed
   * through variables and destructuring, exports, factories' results, spreads, `Object.values`/`entries`,
   * loops over it (`for (const tool of TOOLS)`, `TOOLS.forEach((tool) => ...)`) and the parameters of project
   * functions it is passed to, until code reads the function itself (`tool.handler`, `handlers[name]`): that
   * read's use is the function's use (`server.registerTool(tool.name, tool.config, tool.handler)` registers it).
   */
  usesOfPart(value: Node, path: readonly PathStep[], depth: number, element?: Node): Use[] {
    if (depth > MAX_FLOW_DEPTH) return [{ kind: 'unresolved', node: value }];
    let expr = value;
    let parent = expr.getParent();
    while (parent && (isTransparent(parent) || (path.length > 0 && Node.isAwaitExpression(parent)))) {
      expr = parent;
      parent = parent.getParent();
    }
    if (!parent) return [];
    // Inside a bigger literal: the path grows by the key, or by "an element".
    if (
      (Node.isPropertyAssignment(parent) && parent.getInitializer() === expr) ||
      Node.isShorthandPropertyAssignment(parent)
    ) {
      const key = propertyKeyOf(parent);
      const literal = parent.getParentOrThrow();
      return key === undefined
        ? [{ kind: 'unresolved', node: parent }]
        : this.usesOfPart(literal, [key, ...path], depth + 1, path.length === 0 ? literal : element);
    }
    if (Node.isArrayLiteralExpression(parent)) return this.usesOfPart(parent, [ELEMENT, ...path], depth + 1, element);
    // `predicate ? tools.filter(predicate) : tools`, `custom ?? TOOLS`: the value is the whole expression's.
    if (
      (Node.isConditionalExpression(parent) && parent.getCondition() !== expr) ||
      (Node.isBinaryExpression(parent) && VALUE_OPERATORS.has(parent.getOperatorToken().getKind()))
    )
      return this.usesOfPart(parent, path, depth + 1, element);
    if (Node.isSpreadElement(parent) || Node.isSpreadAssignment(parent)) {
      const outer = parent.getParentOrThrow();
      const spreadable = Node.isArrayLiteralExpression(outer)
        ? path[0] === ELEMENT
        : Node.isObjectLiteralExpression(outer) && path[0] !== ELEMENT;
      return spreadable && path.length > 0
        ? this.usesOfPart(outer, path, depth + 1, element)
        : [{ kind: 'unresolved', node: parent }];
    }
    if (path.length === 0) {
      // The object the function came in names what the registration registers (`registerTool(tool.name, ...)`).
      const uses = this.host.usesOfValue(expr, depth);
      return element
        ? uses.map((use) => (use.kind === 'registered' || use.kind === 'call' ? { ...use, element } : use))
        : uses;
    }
    const [step, ...rest] = path as [PathStep, ...PathStep[]];
    if (isInspection(parent, expr)) return [];
    if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === expr) {
      if (step === MAP_VALUE) return this.usesOfMapMethod(parent, rest, depth, element);
      if (step !== ELEMENT) return parent.getName() === step ? this.usesOfPart(parent, rest, depth + 1, element) : [];
      return this.usesOfArrayMethod(parent, rest, depth, element);
    }
    if (Node.isElementAccessExpression(parent) && parent.getExpression() === expr)
      return this.usesOfElementAccess(parent, step, rest, depth, element);
    if (Node.isForOfStatement(parent) && parent.getExpression() === expr)
      return this.usesOfLoop(parent, step, rest, depth, element);
    if (Node.isVariableDeclaration(parent) && parent.getInitializer() === expr) {
      const flowed = this.usesOfBinding(parent, path, depth, element);
      // `const context: ToolContext = { elicitForm() {...} }` handed to code the flow cannot read (an interface's
      // method, `tool.execute(args, context)`): the member runs wherever a value typed `ToolContext` has it read.
      // Only where that code is the project's own (a method its interface declares), whose reads are all in view.
      const unread = (use: Use) =>
        (use.kind === 'passed' && calleeIsProjectDeclared(this.host.project, use.call)) || use.kind === 'unresolved';
      if (!flowed.some(unread)) return flowed;
      const typed = this.usesByDeclaredType(expr, path, depth, element);
      return typed && typed.length > 0 ? [...flowed.filter((use) => !unread(use)), ...typed] : flowed;
    }
    if (Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent.getBody() === expr))
      return this.usesOfReturned(parent, expr, path, depth, element);
    if ((Node.isCallExpression(parent) || Node.isNewExpression(parent)) && parent.getArguments().includes(expr)) {
      return this.usesAsArgument(parent, expr, path, depth, element);
    }
    // `module.exports = { helper }` / `export default { helper }`: importers' uses are found through the export.
    if (Node.isBinaryExpression(parent) && isCommonJsExport(parent.getLeft())) return [];
    // `this.toolHandler = new ToolHandler(...)`: the value goes where the class's field is read.
    const field = Node.isBinaryExpression(parent) && parent.getRight() === expr ? storedField(parent) : undefined;
    if (field) {
      const reads = referencesTo(this.host.project, field, field.getName()).filter(
        (reference) => !isTypePosition(reference) && !isFieldWrite(reference),
      );
      return reads.flatMap((reference) => {
        const access = reference.getParent();
        return access && Node.isPropertyAccessExpression(access) && access.getNameNode() === reference
          ? this.usesOfPart(access, path, depth + 1, element)
          : [{ kind: 'unresolved' as const, node: reference }];
      });
    }
    if (Node.isExportAssignment(parent) || Node.isExportSpecifier(parent)) return [];
    // `Object.assign(registry, {...});` as a statement: its result is dropped.
    if (Node.isExpressionStatement(parent)) return [];
    // `handler = devicesHandler` (and other flows not followed): the value's declared type answers.
    return this.usesByDeclaredType(expr, path, depth, element) ?? [{ kind: 'unresolved', node: expr }];
  }

  /**
   * A value whose declared type is the project's own interface or object type `T` (`const devicesHandler:
   * DomainHandler = { getTools, handleCall }`): the function it holds as member `P` runs wherever code reads `P` of
   * a value the checker types as `T` (`handler.handleCall(name, args)`), whichever variables, caches and imports
   * carried it there. Undefined when the value has no such declared type.
   */
  private usesByDeclaredType(expr: Node, path: readonly PathStep[], depth: number, element?: Node): Use[] | undefined {
    const [step, ...rest] = path;
    if (typeof step !== 'string') return undefined;
    const member = declaredMemberOf(this.host.project, expr, step);
    if (!member) return undefined;
    const project = this.host.project;
    const uses: Use[] = [];
    // Read through a value the checker types as `T`, or one whose annotations declare it `T`.
    const references = new Set(referencesTo(project, member, step));
    for (const name of memberReadsNamed(project, step))
      if (readsDeclaredMember(project, name.getParentOrThrow(), member)) references.add(name);
    for (const reference of references) {
      if (isTypePosition(reference)) continue;
      const access = reference.getParent();
      if (access && Node.isPropertyAccessExpression(access) && access.getNameNode() === reference)
        uses.push(...this.usesOfPart(access, rest, depth + 1, element));
      else uses.push({ kind: 'unresolved', node: reference });
    }
    return uses;
  }

  /** `TOOLS[0]`, `entry[1]`, `handlers[name]`: the part read by a key. */
  private usesOfElementAccess(
    access: ElementAccessExpression,
    step: PathStep,
    rest: PathStep[],
    depth: number,
    element?: Node,
  ): Use[] {
    const argument = access.getArgumentExpression();
    const key =
      argument && Node.isNumericLiteral(unwrap(argument)) ? unwrap(argument).getText() : stringValue(argument);
    // `TOOLS[0]`, `entry[1]`, `handlers[name]`: a computed key may be any part.
    return step === ELEMENT || key === undefined || key === step
      ? this.usesOfPart(access, rest, depth + 1, element)
      : [];
  }

  /** `for (const tool of TOOLS)`: each element goes to the loop variable. */
  private usesOfLoop(loop: ForOfStatement, step: PathStep, rest: PathStep[], depth: number, element?: Node): Use[] {
    const declaration = loop.getInitializer();
    const variable = Node.isVariableDeclarationList(declaration) ? declaration.getDeclarations()[0] : undefined;
    // `for (const [name, tool] of TOOL_MAP)`: a Map iterates its [key, value] entries.
    if (step === MAP_VALUE && variable) return this.usesOfBinding(variable, ['1', ...rest], depth, element);
    return step === ELEMENT && variable
      ? this.usesOfBinding(variable, rest, depth, element)
      : [{ kind: 'unresolved', node: loop }];
  }

  /** A value a function returns: the part of each call's result (or of a `map` callback's result's elements). */
  private usesOfReturned(
    parent: ReturnStatement | ArrowFunction,
    expr: Node,
    path: readonly PathStep[],
    depth: number,
    element?: Node,
  ): Use[] {
    // `function fileTools(server) { return [...] }`: the value flows to each call's result.
    const factory = Node.isReturnStatement(parent) ? enclosingFunction(parent) : parent;
    // `TOOLS.map((t) => [t.name, t])`: what the callback returns is each element of the result.
    const mapped = factory ? mappingCallOf(factory) : undefined;
    if (mapped) return this.usesOfPart(mapped.call, mapped.flat ? path : [ELEMENT, ...path], depth + 1, element);
    const factoryUses = factory ? this.host.usesOf(factory) : [];
    // A part of the result of an SDK handler (`return { tools: allTools }` for tools/list): the SDK sends the result
    // as JSON, where a function is dropped. Nothing calls it.
    if (path.length > 0 && factoryUses.length > 0 && factoryUses.every((use) => use.kind === 'registered')) return [];
    const uses = factoryUses.flatMap((use) =>
      use.kind === 'call' ? this.usesOfPart(use.call, path, depth + 1, element) : [],
    );
    return uses.length > 0 ? uses : [{ kind: 'unresolved', node: expr }];
  }

  /** `TOOLS.forEach((tool) => ...)`, `TOOLS.filter(...)`, `TOOLS.find(...)`: where the elements go. */
  private usesOfArrayMethod(access: PropertyAccessExpression, rest: PathStep[], depth: number, element?: Node): Use[] {
    const call = access.getParent();
    // `TOOLS.length` reads no element.
    if (!call || !Node.isCallExpression(call) || call.getExpression() !== access) return [];
    const method = access.getName();
    // `for (const [index, attempt] of attempts.entries())`: [index, element] pairs; `values()`: the elements.
    if (method === 'entries') return this.usesOfPart(call, [ELEMENT, '1', ...rest], depth + 1, element);
    if (method === 'values') return this.usesOfPart(call, [ELEMENT, ...rest], depth + 1, element);
    const known =
      ELEMENT_CALLBACK_METHODS.has(method) || SAME_ELEMENTS_METHODS.has(method) || ONE_ELEMENT_METHODS.has(method);
    if (!known) return [{ kind: 'unresolved', node: call }];
    const uses: Use[] = [];
    if (ELEMENT_CALLBACK_METHODS.has(method)) {
      const callback = call.getArguments()[0] ? unwrap(call.getArguments()[0]!) : undefined;
      const parameters = callback ? this.elementParametersOf(callback) : undefined;
      if (parameters) for (const p of parameters) uses.push(...this.usesOfBinding(p, rest, depth, element));
      else if (callback) uses.push({ kind: 'unresolved', node: call });
    }
    if (SAME_ELEMENTS_METHODS.has(method)) uses.push(...this.usesOfPart(call, [ELEMENT, ...rest], depth + 1, element));
    if (ONE_ELEMENT_METHODS.has(method)) uses.push(...this.usesOfPart(call, rest, depth + 1, element));
    return uses;
  }

  /** `TOOL_MAP.get(name)`, `TOOL_MAP.values()`, `TOOL_MAP.forEach((tool) => ...)`: where a Map's values go. */
  private usesOfMapMethod(access: PropertyAccessExpression, rest: PathStep[], depth: number, element?: Node): Use[] {
    const call = access.getParent();
    const method = access.getName();
    if (!call || !Node.isCallExpression(call) || call.getExpression() !== access)
      return method === 'size' ? [] : [{ kind: 'unresolved', node: access }];
    if (method === 'get') return this.usesOfPart(call, rest, depth + 1, element);
    if (method === 'values') return this.usesOfPart(call, [ELEMENT, ...rest], depth + 1, element);
    if (method === 'entries') return this.usesOfPart(call, [ELEMENT, '1', ...rest], depth + 1, element);
    if (method === 'forEach') {
      const callback = call.getArguments()[0] ? unwrap(call.getArguments()[0]!) : undefined;
      const parameters = callback ? this.elementParametersOf(callback) : undefined;
      return parameters
        ? parameters.flatMap((p) => this.usesOfBinding(p, rest, depth, element))
        : [{ kind: 'unresolved', node: call }];
    }
    // `has`, `keys`, `set`, `delete`, `clear` read no value.
    return ['has', 'keys', 'set', 'delete', 'clear'].includes(method) ? [] : [{ kind: 'unresolved', node: call }];
  }

  /**
   * The parameters that receive each element when `callback` is handed to `forEach`, `map`, `filter`...: the first of
   * each function the callback can be (see callbackFunctionsOf). Undefined when what it is cannot be read.
   */
  private elementParametersOf(callback: Node): ParameterDeclaration[] | undefined {
    const fns = callbackFunctionsOf(this.host.project, callback, 0);
    if (!fns) return undefined;
    const parameters: ParameterDeclaration[] = [];
    for (const fn of fns) {
      const all = fn.getParameters();
      // A function of its own that declares a third parameter would receive the whole collection there.
      if (all.length >= 3 && fn !== callback) return undefined;
      const first = all[0];
      if (first && Node.isParameterDeclaration(first)) parameters.push(first);
    }
    return parameters;
  }

  /** Uses of the part `path` of what a variable, parameter or destructuring element holds. */
  private usesOfBinding(
    binding: VariableDeclaration | ParameterDeclaration | BindingElement,
    path: readonly PathStep[],
    depth: number,
    element?: Node,
  ): Use[] {
    const name = binding.getNameNode();
    if (Node.isIdentifier(name)) {
      return referencesTo(this.host.project, binding, name.getText())
        .filter((reference) => !isTypePosition(reference) && !isAssignmentTarget(reference))
        .flatMap((reference) => this.usesOfPart(reference, path, depth + 1, element));
    }
    const [step, ...rest] = path;
    if (step === undefined) return [{ kind: 'unresolved', node: binding }];
    if (Node.isObjectBindingPattern(name)) {
      if (step === ELEMENT) return [{ kind: 'unresolved', node: binding }];
      const elements = name.getElements();
      const named = elements.find(
        (e) =>
          !e.getDotDotDotToken() &&
          (e
            .getPropertyNameNode()
            ?.getText()
            .replace(/^['"]|['"]$/g, '') ?? e.getName()) === step,
      );
      const spread = elements.find((e) => e.getDotDotDotToken());
      if (named) return this.usesOfBinding(named, rest, depth + 1, element);
      return spread ? this.usesOfBinding(spread, path, depth + 1, element) : [];
    }
    // `const [name, handler] = entry`, `for (const [name, handler] of Object.entries(handlers))`.
    const elements = name.getElements();
    const chosen = elements.filter(
      (e, index): e is BindingElement => Node.isBindingElement(e) && (step === ELEMENT || String(index) === step),
    );
    return chosen.flatMap((e) =>
      e.getDotDotDotToken()
        ? [{ kind: 'unresolved' as const, node: e }]
        : this.usesOfBinding(e, rest, depth + 1, element),
    );
  }

  /**
   * `Object.assign(registry, { search: (s, args) => ... })`: copies the sources' parts into the target and returns
   * it, calling none of them. A source's part is the target's (every reference to a target variable) and the
   * result's; the target passed in is the result.
   */
  private usesOfAssign(
    call: CallExpression,
    argument: Node,
    path: readonly PathStep[],
    depth: number,
    element?: Node,
  ): Use[] {
    const uses = this.usesOfPart(call, path, depth + 1, element);
    const [target, ...sources] = call.getArguments();
    if (!target || !sources.includes(argument)) return uses;
    const written = unwrap(target);
    if (Node.isObjectLiteralExpression(written)) return uses;
    const declaration = Node.isIdentifier(written) ? written.getSymbol()?.getDeclarations()[0] : undefined;
    if (!declaration || !Node.isVariableDeclaration(declaration) || !Node.isIdentifier(declaration.getNameNode()))
      return [...uses, { kind: 'unresolved', node: target }];
    return [...uses, ...this.usesOfBinding(declaration, path, depth + 1, element)];
  }

  /** A value holding the function passed to a call: `Object.values/entries(map)`, a project function's parameter, else the call. */
  private usesAsArgument(
    call: CallExpression | NewExpression,
    argument: Node,
    path: readonly PathStep[],
    depth: number,
    element?: Node,
  ): Use[] {
    const callee = unwrap(call.getExpression());
    const [step, ...rest] = path;
    // `new Map(entries)`: each entry's value (`[key, value]`) is a value of the map.
    if (
      Node.isNewExpression(call) &&
      callee.getText() === 'Map' &&
      call.getArguments()[0] === argument &&
      step === ELEMENT &&
      (rest[0] === ELEMENT || rest[0] === '1')
    ) {
      return this.usesOfPart(call, [MAP_VALUE, ...rest.slice(1)], depth + 1, element);
    }
    if (
      Node.isPropertyAccessExpression(callee) &&
      callee.getExpression().getText() === 'Object' &&
      step !== ELEMENT &&
      step !== MAP_VALUE
    ) {
      if (callee.getName() === 'values') return this.usesOfPart(call, [ELEMENT, ...rest], depth + 1, element);
      if (callee.getName() === 'entries') return this.usesOfPart(call, [ELEMENT, '1', ...rest], depth + 1, element);
      if (callee.getName() === 'keys') return [];
      if (callee.getName() === 'freeze') return this.usesOfPart(call, path, depth + 1, element);
      if (callee.getName() === 'assign' && Node.isCallExpression(call))
        return this.usesOfAssign(call, argument, path, depth, element);
    }
    const fn = Node.isIdentifier(callee) ? projectFunctionOf(this.host.project, callee) : undefined;
    const parameter = fn?.getParameters()[call.getArguments().indexOf(argument)];
    if (parameter && Node.isParameterDeclaration(parameter) && !parameter.isRestParameter())
      return this.usesOfBinding(parameter, path, depth + 1, element);
    return [{ kind: 'passed', call }];
  }
}

/** A step from a value to a function stored in it: a property key, or any element of an array. */
export type PathStep = string | typeof ELEMENT | typeof MAP_VALUE;
const ELEMENT = Symbol('element');
/** Any value of a `Map` (`new Map(TOOLS.map((t) => [t.name, t]))`): read by `get`, `values`, `forEach`, `for...of`. */
const MAP_VALUE = Symbol('map value');

/** Operators whose result is one of their operands. */
const VALUE_OPERATORS: ReadonlySet<SyntaxKind> = new Set([
  SyntaxKind.QuestionQuestionToken,
  SyntaxKind.BarBarToken,
  SyntaxKind.AmpersandAmpersandToken,
]);

/** Array methods whose callback receives each element (its first parameter). */
const ELEMENT_CALLBACK_METHODS: ReadonlySet<string> = new Set([
  'forEach',
  'map',
  'flatMap',
  'filter',
  'find',
  'findLast',
  'some',
  'every',
]);
/** Array methods whose result holds the same elements. */
const SAME_ELEMENTS_METHODS: ReadonlySet<string> = new Set([
  'filter',
  'slice',
  'concat',
  'toSorted',
  'toReversed',
  'sort',
  'reverse',
]);
/** Array methods whose result is one of the elements. */
const ONE_ELEMENT_METHODS: ReadonlySet<string> = new Set(['find', 'findLast', 'at', 'pop', 'shift']);

/** The `items.map(fn)` / `items.flatMap(fn)` call a function literal is the callback of. */
function mappingCallOf(fn: Node): { call: CallExpression; flat: boolean } | undefined {
  let holder: Node = fn;
  while (holder.getParent() && isTransparent(holder.getParentOrThrow())) holder = holder.getParentOrThrow();
  const call = holder.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== holder) return undefined;
  const callee = unwrap(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !['map', 'flatMap'].includes(callee.getName())) return undefined;
  return { call, flat: callee.getName() === 'flatMap' };
}

/** Wrappers that hand their operand on unchanged. */
export function isTransparent(node: Node): boolean {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isNonNullExpression(node)
  );
}

const COMPARISONS = new Set([
  SyntaxKind.EqualsEqualsToken,
  SyntaxKind.EqualsEqualsEqualsToken,
  SyntaxKind.ExclamationEqualsToken,
  SyntaxKind.ExclamationEqualsEqualsToken,
  SyntaxKind.InstanceOfKeyword,
  // `name in TOOLS`: whether the table has a key.
  SyntaxKind.InKeyword,
]);

/** Uses that only look at a function value (`!handler`, `typeof h`, `h === undefined`, `if (h)`) and never run it. */
export function isInspection(parent: Node, expr: Node): boolean {
  if (Node.isPrefixUnaryExpression(parent) && parent.getOperatorToken() === SyntaxKind.ExclamationToken) return true;
  if (Node.isTypeOfExpression(parent)) return true;
  // `delete registry[name]` removes it without running it.
  if (Node.isDeleteExpression(parent)) return true;
  if (Node.isBinaryExpression(parent) && COMPARISONS.has(parent.getOperatorToken().getKind())) return true;
  if ((Node.isIfStatement(parent) || Node.isWhileStatement(parent)) && parent.getExpression() === expr) return true;
  if (Node.isConditionalExpression(parent) && parent.getCondition() === expr) return true;
  return false;
}

/** The left side of `x = ...`: a write, not a use of the value. */
export function isAssignmentTarget(reference: Node): boolean {
  const parent = reference.getParent();
  return (
    !!parent &&
    Node.isBinaryExpression(parent) &&
    parent.getLeft() === reference &&
    parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken
  );
}

/** `module.exports`, `module.exports.x`, `exports.x`. */
export function isCommonJsExport(left: Node): boolean {
  const text = left.getText().replace(/\s+/g, '');
  return text === 'module.exports' || text.startsWith('module.exports.') || text.startsWith('exports.');
}

export function isTypePosition(reference: Node): boolean {
  const parent = reference.getParent();
  if (!parent) return false;
  return (
    Node.isTypeReference(parent) ||
    Node.isExpressionWithTypeArguments(parent) ||
    Node.isTypeQuery(parent) ||
    (Node.isQualifiedName(parent) && parent.getFirstAncestorByKind(SyntaxKind.TypeReference) !== undefined)
  );
}

/** Whether a call's callee is declared in the project (a function, or a method of its own class or interface). */
function calleeIsProjectDeclared(project: AnalysisProject, call: Node): boolean {
  if (!Node.isCallExpression(call)) return false;
  const callee = unwrap(call.getExpression());
  const name = Node.isPropertyAccessExpression(callee) ? callee.getNameNode() : callee;
  if (!Node.isIdentifier(name)) return false;
  const declarations = declarationsOf(project, name);
  if (declarations.length > 0) return declarations.every((d) => !d.getSourceFile().isDeclarationFile());
  // A method of a value the project's annotations type (`tool.execute(...)`, `tool` one of a `ToolDef[]`).
  return (
    Node.isPropertyAccessExpression(callee) &&
    memberTypeOf(project, declaredTypeOf(project, callee.getExpression()), callee.getName()) !== undefined
  );
}

/** The class field an assignment `this.name = value` stores into, when the class declares it. */
function storedField(assignment: Node): PropertyDeclaration | undefined {
  if (!Node.isBinaryExpression(assignment) || assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken)
    return undefined;
  const left = assignment.getLeft();
  if (!Node.isPropertyAccessExpression(left) || left.getExpression().getKind() !== SyntaxKind.ThisKeyword)
    return undefined;
  const cls = left.getFirstAncestorByKind(SyntaxKind.ClassDeclaration);
  const field = cls?.getProperty(left.getName());
  return field && !field.isStatic() ? field : undefined;
}

/** `this.name = ...` (the reference is the written name). */
function isFieldWrite(reference: Node): boolean {
  const access = reference.getParent();
  return !!access && Node.isPropertyAccessExpression(access) && isAssignmentTarget(access);
}
