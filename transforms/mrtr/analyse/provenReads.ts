import { Node, SyntaxKind, ts } from '../../../lib/tsMorph.cjs';
import type { CallExpression, PropertyAccessExpression } from 'ts-morph';
import type { AnalysisProject } from '../../../lib/project.js';
import { callbackFunctionsOf, constInitializerOf, enclosingFunction, isFunctionNode } from './functions.js';
import { isPureStatement } from './localEffects.js';
import { CALLBACK_METHODS, FRESH_ARRAY_STATICS, isReplaySafeExpression } from './replaySafe.js';
import { implementationsOf } from './implementations.js';
import { isAsyncLocalStorage } from './asyncContext.js';
import { declarationsOf, unwrap } from './symbols.js';

/** Collections whose reads (`get`, `has`, `values`) change nothing. */
const READ_ONLY_COLLECTIONS = /^(Readonly)?(Map|WeakMap|Set|WeakSet)\b/;
/** Method names that write a log line: repeating one on a retry is harmless, so it is not an effect to journal. */
const LOG_METHODS = new Set(['log', 'info', 'debug', 'warn', 'error', 'trace']);
/** Methods of a `Map` or `Set` that read. */
const COLLECTION_READS = new Set(['get', 'has', 'keys', 'values', 'entries']);
const TIMER_CALLS = new Set(['setTimeout', 'clearTimeout']);
/** Methods that change the array they are called on: harmless on a copy. */
const COPY_MUTATORS = new Set(['sort', 'reverse', 'pop', 'shift']);
/** Methods that return a new array. */
const FRESH_ARRAYS = new Set(['split', 'slice', 'map', 'filter', 'concat', 'flat', 'flatMap']);
/** Built-in constructors with no effect: a new value of the function's own. */
const PURE_CONSTRUCTORS = /^(Map|Set|WeakMap|WeakSet|Array|URL|URLSearchParams|RegExp)$/;
/** Methods of strings and dates that compute a value from their receiver and change nothing. */
const PURE_VALUE_METHODS = new Set([
  'localeCompare',
  'getTime',
  'toISOString',
  'valueOf',
  'toLocaleLowerCase',
  'normalize',
]);
/** How deep a project function's body is followed to prove that it only reads. */
const MAX_DEPTH = 3;

/**
 * The calls in `node` (outside the functions written in it) that the analysis proves only read: `map.get(key)` on a
 * `Map` the project builds, a project function or method whose body only reads (`store.get(id)`, `text(value)`), and
 * log lines. Handed to `isReplaySafeStatement` as allowed nodes.
 */
export function provenReadsIn(node: Node, project: AnalysisProject, depth = 0): Set<Node> {
  const proven = new Set<Node>();
  // Inner calls and constructions first: one counts only when its receiver and arguments are safe too
  // (`map.get(key())`, `new Shelf(config().name)`).
  const made: Node[] = [
    ...node.getDescendantsOfKind(SyntaxKind.CallExpression),
    ...node.getDescendantsOfKind(SyntaxKind.NewExpression),
    ...(Node.isCallExpression(node) || Node.isNewExpression(node) ? [node] : []),
  ].sort((a, b) => b.getStart() - a.getStart() || a.getEnd() - b.getEnd());
  for (const call of made) {
    if (Node.isNewExpression(call)) {
      if (isLocalTimer(call)) proven.add(call);
      else if (
        (PURE_CONSTRUCTORS.test(call.getExpression().getText()) || isFieldsOnlyClass(call, project, depth)) &&
        (call.getArguments() ?? []).every((a) => isReplaySafeExpression(a, proven))
      )
        proven.add(call);
      continue;
    }
    if (!Node.isCallExpression(call) || !isProvenRead(call, project, depth)) continue;
    const callee = unwrap(call.getExpression());
    const receiver = Node.isPropertyAccessExpression(callee) ? callee.getExpression() : undefined;
    if (
      isReplaySafeExpression(receiver, proven) &&
      call.getArguments().every((a) => isReplaySafeExpression(a, proven) || isFunctionLiteral(a))
    )
      proven.add(call);
  }
  return proven;
}

/** One call the analysis proves only reads (its receiver and arguments are judged by the caller). */
function isProvenRead(call: CallExpression, project: AnalysisProject, depth: number): boolean {
  const callee = unwrap(call.getExpression());
  // `await import('./server.js')`: a module is evaluated once per process; each later import gives the same namespace.
  if (callee.getKind() === SyntaxKind.ImportKeyword) return true;
  if (Node.isPropertyAccessExpression(callee)) {
    const receiver = unwrap(callee.getExpression());
    const name = callee.getName();
    if (LOG_METHODS.has(name) && /^(console|log|logger|this\.logger|this\.log)$/i.test(receiver.getText())) return true;
    if (COLLECTION_READS.has(name) && isReadOnlyCollection(receiver, project)) return true;
    // `store.getStore()` of an `AsyncLocalStorage`: the value the project bound to the request running now (each
    // round is a request of its own, which the project's code binds again as it bound the first).
    if (name === 'getStore' && call.getArguments().length === 0 && isAsyncLocalStorage(receiver, project)) return true;
    if (PURE_VALUE_METHODS.has(name)) return true;
    // `pattern.test(name)` of a regular expression written in the code, with no `g` or `y` flag (no `lastIndex`).
    if ((name === 'test' || name === 'exec') && isStatelessRegex(receiver, project, 0)) return true;
    if (isPlatformComputation(callee.getNameNode())) return true;
    // `[...items].sort(byDate)`, `path.split('/').pop()`: changing a copy made in place changes nothing else.
    if (COPY_MUTATORS.has(name) && isFreshArray(receiver))
      return call.getArguments().every((a) => !isFunctionLiteral(a) || isPureFunction(a, project, depth));
    // `tools.filter(predicate)` with `const predicate = PROFILES[name]`: every function it can be only reads.
    if (CALLBACK_METHODS.has(name) && call.getArguments().length === 1 && !isFunctionLiteral(call.getArguments()[0]!)) {
      const fns = callbackFunctionsOf(project, call.getArguments()[0]!, 0);
      if (fns && fns.length > 0 && fns.every((fn) => isPureFunction(fn, project, depth))) return true;
    }
    const members = memberDeclarationsOf(project, callee);
    // `handler.getTools()` on a project interface: every member of that name the project writes only reads.
    const implementations = members.length === 1 ? implementationsOf(project, members[0]!) : undefined;
    if (implementations) return implementations.every((fn) => onlyReads([fn], project, depth));
    return onlyReads(members, project, depth);
  }
  if (Node.isIdentifier(callee) && isPlatformComputation(callee)) return true;
  if (Node.isIdentifier(callee) && isLocalTimerRelease(call, project)) return true;
  if (Node.isIdentifier(callee)) return onlyReads(declarationsOf(project, callee), project, depth);
  return false;
}

/**
 * Functions of Node's own modules that compute a value from their arguments and change nothing (paths and file
 * URLs): `join(dir, name)`, `path.basename(file)`, `fileURLToPath(import.meta.url)`.
 */
const PLATFORM_COMPUTATIONS: Record<string, ReadonlySet<string>> = {
  path: new Set([
    'join',
    'resolve',
    'basename',
    'dirname',
    'extname',
    'normalize',
    'relative',
    'isAbsolute',
    'parse',
    'format',
  ]),
  url: new Set(['fileURLToPath', 'pathToFileURL']),
};

/** `join(...)` imported from `node:path`, or `path.join(...)` of `import path from 'node:path'` (or `* as path`). */
function isPlatformComputation(name: Node): boolean {
  const parent = name.getParent();
  const member =
    parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === name ? parent : undefined;
  const local = member ? unwrap(member.getExpression()) : name;
  if (!Node.isIdentifier(local)) return false;
  const declaration = local.getSymbol()?.getDeclarations()[0];
  const importDeclaration = declaration?.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
  if (!declaration || !importDeclaration) return false;
  const module = importDeclaration
    .getModuleSpecifierValue()
    .replace(/^node:/, '')
    .replace(/\/(posix|win32)$/, '');
  const functions = PLATFORM_COMPUTATIONS[module];
  if (!functions) return false;
  if (member)
    return (Node.isNamespaceImport(declaration) || Node.isImportClause(declaration)) && functions.has(member.getName());
  return Node.isImportSpecifier(declaration) && functions.has(declaration.getName());
}

/**
 * `new Notes(options)` of a class declared once in the project, with no base class, whose fields are initialised with
 * values that are safe to compute again and whose constructor only sets its own fields to such values (and
 * otherwise only reads): building one has no effect beyond the new object, which each round makes anew as each call did.
 */
function isFieldsOnlyClass(made: Node, project: AnalysisProject, depth: number): boolean {
  if (!Node.isNewExpression(made) || depth >= MAX_DEPTH) return false;
  const callee = unwrap(made.getExpression());
  if (!Node.isIdentifier(callee)) return false;
  const declarations = declarationsOf(project, callee);
  const cls = declarations.length === 1 ? declarations[0]! : undefined;
  if (!cls || !Node.isClassDeclaration(cls) || cls.getExtends() || cls.getSourceFile().isDeclarationFile())
    return false;
  if (cls.getSourceFile().isInNodeModules()) return false;
  for (const member of cls.getMembers()) {
    if (!Node.isPropertyDeclaration(member) || member.isStatic()) continue;
    const init = member.getInitializer();
    if (init && !isReplaySafeExpression(init, provenReadsIn(init, project, depth + 1))) return false;
  }
  const constructors = cls.getConstructors().filter((c) => c.getBody());
  if (constructors.length > 1) return false;
  const body = constructors[0]?.getBody();
  if (!body || !Node.isBlock(body)) return constructors.length === 0;
  const allowed = provenReadsIn(body, project, depth + 1);
  return body.getStatements().every((statement) => {
    const e = Node.isExpressionStatement(statement) ? statement.getExpression() : undefined;
    if (
      e &&
      Node.isBinaryExpression(e) &&
      e.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
      Node.isPropertyAccessExpression(e.getLeft()) &&
      (e.getLeft() as PropertyAccessExpression).getExpression().getKind() === SyntaxKind.ThisKeyword
    )
      return isReplaySafeExpression(e.getRight(), allowed);
    return isPureStatement(statement, constructors[0]!, allowed);
  });
}

/**
 * The declarations of a member a call reaches (`store.get`), with the modules that declare its receiver's type parsed
 * first (`store: NoteStore` imported from `./store.js`), so that the checker resolves it.
 */
export function memberDeclarationsOf(project: AnalysisProject, callee: PropertyAccessExpression): Node[] {
  const root = rootOf(callee.getExpression());
  for (const declaration of root ? declarationsOf(project, root) : []) {
    const typeNode = (declaration as { getTypeNode?(): Node | undefined }).getTypeNode?.();
    if (typeNode) loadTypeReferences(project, typeNode);
    else if (Node.isVariableDeclaration(declaration)) {
      // `const handler = await getDomainHandler(domain)`: the type the function's declaration says it returns.
      const init = declaration.getInitializer();
      const value = init ? unwrap(init) : undefined;
      const call = value && Node.isAwaitExpression(value) ? unwrap(value.getExpression()) : value;
      const made = call && Node.isCallExpression(call) ? unwrap(call.getExpression()) : undefined;
      const name = made && Node.isPropertyAccessExpression(made) ? made.getNameNode() : made;
      for (const fn of name && Node.isIdentifier(name) ? declarationsOf(project, name) : []) {
        const returned = (fn as { getReturnTypeNode?(): Node | undefined }).getReturnTypeNode?.();
        if (returned) loadTypeReferences(project, returned);
      }
    }
  }
  const declarations = declarationsOf(project, callee.getNameNode());
  return declarations.length > 0 ? declarations : awaitedMemberOf(callee, root);
}

/**
 * The member of an awaited value whose type the program cannot unwrap: it holds no lib files, so `await p` of a
 * `Promise<DomainHandler>` keeps the `Promise` (`const handler = await getDomainHandler(domain); handler.getTools()`).
 * Only for a `const` whose initializer is that `await`: the member of the promised type.
 */
function awaitedMemberOf(callee: PropertyAccessExpression, root: Node | undefined): Node[] {
  const receiver = unwrap(callee.getExpression());
  if (!root || receiver !== root) return [];
  const declaration = root.getSymbol()?.getDeclarations()[0];
  if (!declaration || !Node.isVariableDeclaration(declaration) || declaration.getTypeNode()) return [];
  const init = declaration.getInitializer();
  if (!init || !Node.isAwaitExpression(init)) return [];
  const type = receiver.getType();
  // With no lib, `Promise<T>` is an unresolved reference: the checker keeps its name and argument as an alias.
  const promised = type.getAliasSymbol()?.getName() === 'Promise' ? type.getAliasTypeArguments() : [];
  if (promised.length !== 1) return [];
  return promised[0]!.getProperty(callee.getName())?.getDeclarations() ?? [];
}

/** Parses the modules that declare the types a type annotation names, so that the checker resolves them. */
function loadTypeReferences(project: AnalysisProject, typeNode: Node): void {
  for (const name of [typeNode, ...typeNode.getDescendants()])
    if (Node.isTypeReference(name)) declarationsOf(project, name.getTypeName());
}

/**
 * A regular expression literal with no `g` or `y` flag (its `test` and `exec` keep no `lastIndex`), a `const` holding
 * one, or the variable of a `for...of` over a `const` array of such literals.
 */
function isStatelessRegex(node: Node, project: AnalysisProject, depth: number): boolean {
  const value = unwrap(node);
  if (depth > 2) return false;
  if (Node.isRegularExpressionLiteral(value)) {
    const text = value.getText();
    return !/[gy]/.test(text.slice(text.lastIndexOf('/') + 1));
  }
  if (!Node.isIdentifier(value)) return false;
  const declarations = declarationsOf(project, value);
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  if (!declaration || !Node.isVariableDeclaration(declaration)) return false;
  const list = declaration.getParent();
  const loop = list?.getParent();
  if (loop && Node.isForOfStatement(loop) && loop.getInitializer() === list) {
    const source = unwrap(loop.getExpression());
    const init = Node.isIdentifier(source) ? constInitializerOf(project, source) : undefined;
    const array = Node.isIdentifier(source) ? (init ? unwrap(init) : undefined) : source;
    return (
      !!array &&
      Node.isArrayLiteralExpression(array) &&
      array.getElements().length > 0 &&
      array.getElements().every((e) => Node.isRegularExpressionLiteral(e) && isStatelessRegex(e, project, depth + 1))
    );
  }
  const init = constInitializerOf(project, value);
  return !!init && Node.isRegularExpressionLiteral(unwrap(init)) && isStatelessRegex(init, project, depth + 1);
}

/** An array made by the expression itself: a literal, or what `split`, `slice`, `map`, `filter`... return. */
function isFreshArray(node: Node): boolean {
  if (Node.isArrayLiteralExpression(node)) return true;
  const callee = Node.isCallExpression(node) ? unwrap(node.getExpression()) : undefined;
  if (callee && FRESH_ARRAY_STATICS.has(callee.getText())) return true;
  return !!callee && Node.isPropertyAccessExpression(callee) && FRESH_ARRAYS.has(callee.getName());
}

/** The identifier an access chain starts from (`store` in `store.items.get`). */
function rootOf(node: Node): Node | undefined {
  let root = node;
  while (Node.isPropertyAccessExpression(root) || Node.isCallExpression(root)) root = unwrap(root.getExpression());
  return Node.isIdentifier(root) ? root : undefined;
}

function isFunctionLiteral(node: Node): boolean {
  return Node.isArrowFunction(node) || Node.isFunctionExpression(node);
}

function isPureFunction(node: Node, project: AnalysisProject, depth: number): boolean {
  if (Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node)) return onlyReads([node], project, depth);
  if (!Node.isArrowFunction(node) && !Node.isFunctionExpression(node)) return false;
  const body = node.getBody();
  const allowed = provenReadsIn(body, project, depth + 1);
  return Node.isBlock(body)
    ? body.getStatements().every((s) => isPureStatement(s, node, allowed))
    : isReplaySafeExpression(body, allowed);
}

/**
 * `new Promise((resolve) => { timer = setTimeout(() => resolve(null), ms); })`: a timeout made for this round (the
 * round that ends clears or forgets it); made again on the next round, as the old call made one per request.
 */
function isLocalTimer(node: Node): boolean {
  if (!Node.isNewExpression(node) || node.getExpression().getText() !== 'Promise') return false;
  const executor = node.getArguments()[0];
  if (!executor || !isFunctionLiteral(executor)) return false;
  const parameters = (executor as Node & { getParameters(): Node[] }).getParameters().map((p) => p.getText());
  return executor
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .every(
      (call) => TIMER_CALLS.has(call.getExpression().getText()) || parameters.includes(call.getExpression().getText()),
    );
}

/**
 * `clearTimeout(timerId)` (or `clearInterval`) of the platform, on a variable declared in the same function: it releases
 * a timer this run of the function made, so running it again on each round releases that round's own timer.
 */
function isLocalTimerRelease(call: CallExpression, project: AnalysisProject): boolean {
  const callee = unwrap(call.getExpression());
  if (!Node.isIdentifier(callee) || !['clearTimeout', 'clearInterval'].includes(callee.getText())) return false;
  // The platform's (declared in its type declarations, or not resolved at all), never the project's own function.
  if (!declarationsOf(project, callee).every((d) => d.getSourceFile().isDeclarationFile())) return false;
  const [argument, ...rest] = call.getArguments();
  const timer = argument ? unwrap(argument) : undefined;
  if (!timer || rest.length > 0 || !Node.isIdentifier(timer)) return false;
  const declarations = declarationsOf(project, timer);
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  const fn = enclosingFunction(call);
  return !!declaration && !!fn && Node.isVariableDeclaration(declaration) && enclosingFunction(declaration) === fn;
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
      return (
        !!value && Node.isNewExpression(value) && /^(Map|WeakMap|Set|WeakSet)$/.test(value.getExpression().getText())
      );
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
  // An async function that only reads is a read too: waiting adds no effect (`await import('./billing.js')`).
  if ((fn as { isGenerator?(): boolean }).isGenerator?.()) return false;
  const body = fn.getBody?.();
  if (!body) return false;
  const allowed = provenReadsIn(body, project, depth + 1);
  for (const fill of memoFillsIn(body, fn, allowed)) allowed.add(fill);
  return Node.isBlock(body)
    ? isCacheFiller(body.getStatements(), fn, allowed) ||
        body.getStatements().every((s) => isPureStatement(s, fn, allowed))
    : isReplaySafeExpression(body, allowed);
}

/**
 * A function that fills a module's cache once and returns it: `if (cached) return cached; cached = { storageDir:
 * process.env.DIR || DEFAULT }; return cached;`. The variable is a `let` of the module, not exported, written nowhere
 * but in this function (elsewhere at most emptied, `cached = null`, which makes the next call compute it again), and
 * the value is safe to compute again: calling the function again gives the cached value, and a round served by
 * another process computes the same value from the same inputs. A read.
 */
function isCacheFiller(statements: Node[], fn: Node, allowed: ReadonlySet<Node>): boolean {
  if (statements.length !== 3) return false;
  const [check, fill, result] = statements as [Node, Node, Node];
  if (!Node.isReturnStatement(result)) return false;
  const cache = result.getExpression();
  if (!cache || !Node.isIdentifier(cache)) return false;
  const same = (node: Node | undefined) =>
    !!node && Node.isIdentifier(node) && node.getText() === cache.getText() && node.getSymbol() === cache.getSymbol();
  // `if (cached) return cached;`, with or without braces, or compared with null or undefined.
  if (!Node.isIfStatement(check) || check.getElseStatement()) return false;
  const condition = check.getExpression();
  const tested =
    Node.isBinaryExpression(condition) &&
    [SyntaxKind.ExclamationEqualsToken, SyntaxKind.ExclamationEqualsEqualsToken].includes(
      condition.getOperatorToken().getKind(),
    ) &&
    ['null', 'undefined'].includes(condition.getRight().getText())
      ? condition.getLeft()
      : condition;
  let then = check.getThenStatement();
  if (Node.isBlock(then) && then.getStatements().length === 1) then = then.getStatements()[0]!;
  if (!same(tested) || !Node.isReturnStatement(then) || !same(then.getExpression())) return false;
  return isCacheFill(fill, fn, allowed);
}

/** `cached = value` (see isCacheFiller): a module's own `let`, written only in `fn`, with a value safe to compute again. */
function isCacheFill(statement: Node, fn: Node, allowed: ReadonlySet<Node>): boolean {
  const e = Node.isExpressionStatement(statement) ? statement.getExpression() : undefined;
  if (!e || !Node.isBinaryExpression(e) || e.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return false;
  const left = e.getLeft();
  if (!Node.isIdentifier(left)) return false;
  const symbol = left.getSymbol();
  const declaration = symbol?.getDeclarations()[0];
  const variables = declaration?.getParentIfKind(SyntaxKind.VariableDeclarationList)?.getParent();
  if (
    !declaration ||
    !variables ||
    !Node.isVariableStatement(variables) ||
    variables.getParent() !== fn.getSourceFile() ||
    variables.isExported() ||
    !(variables.getDeclarationList().compilerNode.flags & ts.NodeFlags.Let)
  )
    return false;
  // Elsewhere only emptied (`resetConfigCache() { cached = null; }`): the next call computes it again.
  for (const reference of fn.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (reference === left || reference.getText() !== left.getText() || reference.getSymbol() !== symbol) continue;
    if (isWrittenAt(reference) && enclosingFunction(reference) !== fn && !isEmptied(reference)) return false;
  }
  return isReplaySafeExpression(e.getRight(), allowed);
}

/**
 * `cache.set(key, value)` in a function that memoizes what it computes in a module's own `Map`: `const cached =
 * cache.get(domain); if (cached) return cached; ...; cache.set(domain, handler); return handler;`. The map is a
 * `const` of the module, not exported, built with `new Map()`, and set nowhere but in this function (elsewhere at most
 * emptied: `delete`, `clear`); the key and the value are safe to compute again. Calling the function again gives
 * what the cache holds or computes it anew: the fill is no effect the caller can see.
 */
function memoFillsIn(body: Node, fn: Node, allowed: ReadonlySet<Node>): Node[] {
  const fills: Node[] = [];
  for (const call of body.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = unwrap(call.getExpression());
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'set' || enclosingFunction(call) !== fn)
      continue;
    const map = unwrap(callee.getExpression());
    if (!Node.isIdentifier(map) || !isModuleMap(map)) continue;
    if (!call.getArguments().every((a) => isReplaySafeExpression(a, allowed))) continue;
    const symbol = map.getSymbol();
    const writtenElsewhere = fn
      .getSourceFile()
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .some((reference) => {
        if (reference === map || reference.getText() !== map.getText() || reference.getSymbol() !== symbol)
          return false;
        const parent = reference.getParent();
        const member =
          parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === reference
            ? parent.getName()
            : undefined;
        // Reads (`get`, `has`, `size`...) and emptying anywhere; any other use (passed on, assigned) may write it.
        if (member && ['get', 'has', 'size', 'keys', 'values', 'entries', 'delete', 'clear'].includes(member))
          return false;
        if (member === 'set') return enclosingFunction(reference) !== fn;
        return !(parent && Node.isVariableDeclaration(parent) && parent.getNameNode() === reference);
      });
    if (!writtenElsewhere) fills.push(call);
  }
  return fills;
}

/** `const cache = new Map()` (typed or not) at a module's top level, not exported. */
function isModuleMap(name: Node): boolean {
  const declaration = name.getSymbol()?.getDeclarations()[0];
  if (!declaration || !Node.isVariableDeclaration(declaration)) return false;
  const statement = declaration.getVariableStatement();
  const init = declaration.getInitializer();
  const value = init ? unwrap(init) : undefined;
  return (
    !!statement &&
    statement.getParent() === declaration.getSourceFile() &&
    !statement.isExported() &&
    statement.getDeclarationKind() === 'const' &&
    !!value &&
    Node.isNewExpression(value) &&
    value.getExpression().getText() === 'Map'
  );
}

/** `x = null` or `x = undefined`. */
function isEmptied(reference: Node): boolean {
  const parent = reference.getParent();
  return (
    !!parent &&
    Node.isBinaryExpression(parent) &&
    parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
    ['null', 'undefined'].includes(unwrap(parent.getRight()).getText())
  );
}

/** A name written where it stands: `x = ...`, `x += ...`, `x++`, `--x`. */
export function isWrittenAt(reference: Node): boolean {
  const parent = reference.getParent();
  if (!parent) return false;
  if (Node.isBinaryExpression(parent)) {
    const op = parent.getOperatorToken().getKind();
    return parent.getLeft() === reference && op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment;
  }
  if (Node.isPostfixUnaryExpression(parent) || Node.isPrefixUnaryExpression(parent)) {
    const op = parent.getOperatorToken();
    return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
  }
  return false;
}
