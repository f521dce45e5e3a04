import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Frame } from '../../../lib/model.js';
import type { AnalysisProject } from '../../../lib/project.js';
import { dedupe, elementNameOf, isExported, startupChain, testsOf, withElement, type Chain } from './chains.js';
import { frameworkDetail, frameworkEntryOf } from './frameworkEntries.js';
import { FunctionUses } from './functionUses.js';
import { displayName, enclosingFunction, namedDeclarationOf, referencesTo, type FunctionNode } from './functions.js';
import { elementContextIndex, registrationOf, templateCallbackOf, type Registration } from './handlers.js';
import { OriginResolver, type OriginHooks } from './origins.js';
import { declarationsOf } from './symbols.js';
import type { Use } from './valueUses.js';

/** Chains kept per function, for the report; `entriesOf` answers where a function runs without this cap. */
export const MAX_CHAINS = 20;

/** Where a chain starts (see `entriesOf`): its family, and the registration or framework that runs it. */
export interface Entry {
  family: Chain['family'];
  registration?: Registration;
  framework?: string;
}

/**
 * Answers "where does this code run?" for the functions holding push-style calls: follows each function to
 * its callers (across files, through class members, object maps and callbacks) up to a handler
 * registration or a non-request context.
 */
export class MrtrAnalysis implements OriginHooks {
  readonly origins: OriginResolver;
  private readonly uses: FunctionUses;
  private readonly chainMemo = new Map<Node, Chain[] | null>();
  private readonly entryMemo = new Map<Node, Entry[] | null>();
  private readonly contextMemo = new Map<Node, { index: number; sdk: Registration['sdk'] } | null>();

  constructor(
    readonly project: AnalysisProject,
    /** Whether a file is a test file: its calls never decide where code runs, nor which server a function gets. */
    readonly isTestFile: (absPath: string) => boolean = () => false,
  ) {
    this.origins = new OriginResolver(project, this);
    this.uses = new FunctionUses(project, this.origins, isTestFile);
  }

  /** Chains that reach a node: through its enclosing function, or from module level. */
  chainsOf(node: Node): Chain[] {
    const fn = enclosingFunction(node);
    if (!fn) return [startupChain(this.project, node)];
    const index = guardedReceiverIndex(node, fn);
    return index === undefined
      ? this.chainsOfFunction(fn)
      : this.computeChains(fn, (use) => !passesNothingAt(use, index));
  }

  /**
   * The uses of `fn` through which `node` (an ask in it) can run: all of them, except the calls that pass no receiver
   * to an ask guarded by the receiver's presence (`if (extra?.sendRequest)`): such a caller never asks.
   */
  usesReaching(node: Node, fn: FunctionNode): Use[] {
    const index = guardedReceiverIndex(node, fn);
    const uses = this.usesOf(fn);
    return index === undefined ? uses : uses.filter((use) => !passesNothingAt(use, index));
  }

  chainsOfFunction(fn: FunctionNode): Chain[] {
    const memo = this.chainMemo.get(fn);
    if (memo !== undefined) return memo ?? [];
    this.chainMemo.set(fn, null); // recursion: a cycle adds no new entry
    const chains = this.computeChains(fn);
    this.chainMemo.set(fn, chains);
    return chains;
  }

  /**
   * Where a function runs: the entry of every chain that reaches it, each once, however many paths lead there. The
   * chains themselves are capped (`MAX_CHAINS`, they are a report's); a caller that needs every entry (is each one a
   * capable handler?) asks here. The same walk as `computeChains`, as sets: a function reached through many
   * helpers costs one visit each.
   */
  entriesOf(fn: FunctionNode): Entry[] {
    const memo = this.entryMemo.get(fn);
    if (memo !== undefined) return memo ?? [];
    this.entryMemo.set(fn, null); // recursion: a cycle adds no new entry
    const entries = this.computeEntries(fn);
    this.entryMemo.set(fn, entries);
    return entries;
  }

  private computeEntries(fn: FunctionNode): Entry[] {
    if (templateCallbackOf(fn)) return [{ family: 'other-request' }];
    const framework = frameworkEntryOf(fn);
    if (framework) return [{ family: framework.family, framework: frameworkDetail(framework.framework) }];
    const uses = this.usesOf(fn);
    if (uses.length === 0) {
      const tests = this.uses.testCallersOf(fn);
      return [{ family: tests || (isExported(fn) && this.project.hasComputedImports()) ? 'unresolved' : 'dead' }];
    }
    const entries: Entry[] = [];
    const add = (entry: Entry) => {
      const same = entries.some(
        (e) => e.family === entry.family && e.registration === entry.registration && e.framework === entry.framework,
      );
      if (!same) entries.push(entry);
    };
    for (const use of uses) {
      switch (use.kind) {
        case 'registered':
          add({ family: use.registration.family, registration: use.registration });
          break;
        case 'context':
          add({ family: use.family });
          break;
        case 'call':
        case 'passed': {
          const caller = enclosingFunction(use.call);
          if (caller) for (const entry of this.entriesOf(caller)) add(entry);
          else add({ family: 'startup' });
          break;
        }
        case 'unresolved':
          add({ family: 'unresolved' });
          break;
      }
    }
    return entries;
  }

  private computeChains(fn: FunctionNode, keep: (use: Use) => boolean = () => true): Chain[] {
    const own = namedDeclarationOf(fn) ? [this.frameOf(fn)] : [];
    const uses = this.usesOf(fn).filter(keep);
    const tests = this.uses.testCallersOf(fn);
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

  /** Everything that invokes, registers or passes on a function (analyse/functionUses.ts). */
  usesOf(fn: FunctionNode): Use[] {
    return this.uses.usesOf(fn);
  }

  /** How a value (a function, or a name for one) is used where it appears. */
  usesOfValue(value: Node, depth = 0): Use[] {
    return this.uses.usesOfValue(value, depth);
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

/**
 * When `node` is an ask on a parameter of `fn` (`extra.sendRequest(...)`) that runs only when that parameter is
 * there (inside `if (extra?.sendRequest)`, `if (extra && ...)`, `if (extra !== undefined)`): the parameter's index.
 */
function guardedReceiverIndex(node: Node, fn: FunctionNode): number | undefined {
  if (!Node.isCallExpression(node)) return undefined;
  const root = rootOf(node.getExpression());
  if (!root || !Node.isIdentifier(root)) return undefined;
  const name = root.getText();
  const parameters = fn.getParameters().filter((p) => Node.isParameterDeclaration(p));
  const index = parameters.findIndex((p) => p.getName() === name);
  const parameter = parameters[index];
  if (!parameter || parameters.length !== fn.getParameters().length || parameter.isRestParameter()) return undefined;
  if (root.getSymbol() !== parameter.getNameNode().getSymbol()) return undefined;
  // Only a guard that stays where it is: an optional call (`extra?.sendRequest(...)`) is itself the ask a rewrite
  // replaces, and its short-circuit would go with it.
  for (
    let child: Node = node, parent = node.getParent();
    parent && parent !== fn;
    child = parent, parent = parent.getParent()
  ) {
    if (
      Node.isIfStatement(parent) &&
      parent.getThenStatement() === child &&
      requiresPresent(parent.getExpression(), name)
    )
      return index;
  }
  return undefined;
}

/** The identifier a member chain starts at (`extra` of `extra?.sendRequest`, `extra.a.b`). */
function rootOf(expression: Node): Node | undefined {
  let node = expression;
  while (
    Node.isPropertyAccessExpression(node) ||
    Node.isNonNullExpression(node) ||
    Node.isParenthesizedExpression(node)
  )
    node = node.getExpression();
  return node;
}

/** Whether a condition is true only when `name` holds a value: `name`, `name?.x`, `a && name.x`, `name !== undefined`. */
function requiresPresent(condition: Node, name: string): boolean {
  const node = Node.isParenthesizedExpression(condition) ? condition.getExpression() : condition;
  if (Node.isIdentifier(node) || Node.isPropertyAccessExpression(node)) return rootOf(node)?.getText() === name;
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    if (op === SyntaxKind.AmpersandAmpersandToken)
      return requiresPresent(node.getLeft(), name) || requiresPresent(node.getRight(), name);
    // `x !== undefined`, `x != null`, `x != undefined` (not `x !== null`: undefined passes it).
    const right = node.getRight().getText();
    const absent =
      (op === SyntaxKind.ExclamationEqualsEqualsToken && right === 'undefined') ||
      (op === SyntaxKind.ExclamationEqualsToken && (right === 'undefined' || right === 'null'));
    if (absent) return Node.isIdentifier(node.getLeft()) && node.getLeft().getText() === name;
  }
  return false;
}

/** A direct call that passes nothing (or `undefined`) at `index`, and no spread that could. */
function passesNothingAt(use: Use, index: number): boolean {
  if (use.kind !== 'call' || !Node.isCallExpression(use.call)) return false;
  const args = use.call.getArguments();
  if (args.some((a) => Node.isSpreadElement(a))) return false;
  const arg = args[index];
  return arg === undefined || arg.getText() === 'undefined' || arg.getText() === 'void 0';
}
