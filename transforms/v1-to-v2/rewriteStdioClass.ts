// The stdio serving rewrite of a class whose `run()` connects its `this.server` (rewriteStdioServing.ts), the SDK's
// classic template: the constructor builds `this.server = new Server(...)`, registers on it (`this.setupToolHandlers()`,
// `this.server.onerror = ...`) and adds signal listeners that read it (`process.on('SIGINT', async () => { await
// this.server.close(); })`); `run()` connects it to a `new StdioServerTransport()`. serveStdio wants a factory that
// builds a server per connection, so the building and the registrations move into a method, `buildServer()`, that
// assigns the property and returns it; the constructor calls it where it built the server, and `run()` serves
// `serveStdio(() => this.buildServer())`. Every other reader of the property reads it when it runs, so it reaches the
// instance that serves (a signal listener closes that one). A server built by the property's initializer
// (`private server = new McpServer(...)`) goes the same way: the initializer calls the method.
import { ts } from '../../lib/tsMorph.cjs';
import type { TextEdit } from '../../lib/edits.js';
import { chunkStart, tidyBlankLines } from './rewriteStdioInline.js';
import { indentOf } from './servingSyntax.js';
import { LISTENER_METHODS, mentionsIn, removeStatement } from './stdioScope.js';

const BUILD = 'buildServer';

/** The class rewrite's edits and factory, or why it stays for review. */
export type ClassPlan = { edits: TextEdit[]; factory: string } | { why: string };

/**
 * `await this.server.connect(transport)`, a statement of a method of a class: rewritten when the constructor
 * assigns `this.server = <expression>` (reading no constructor parameter or local), or else the property's
 * initializer builds it (builtBy), and every other use of the property is
 * one of: a constructor statement rooted at it (`this.server.onerror = ...`, `this.server.setRequestHandler(...)`);
 * a constructor statement `this.setup();` calling a method of the class, called nowhere else, whose every statement
 * is rooted at it; a member read (`this.server.close()`) outside the constructor and the connecting method, or in a
 * listener callback of the constructor (`process.on('SIGINT', async () => { ... })`). The transport's const, if any,
 * was checked by the caller (used only by the connect) and goes with it.
 */
export function planClassServer(
  source: ts.SourceFile,
  receiver: ts.PropertyAccessExpression,
  connect: ts.Statement,
  transportStatement: ts.Statement | undefined,
): ClassPlan {
  const prop = receiver.name.text;
  const method = connect.parent?.parent;
  if (!method || !ts.isMethodDeclaration(method) || method.body !== connect.parent)
    return { why: `the connect of this.${prop} is not a statement of a method's body` };
  const cls = method.parent;
  if (!ts.isClassDeclaration(cls) && !ts.isClassExpression(cls)) return { why: 'the method is not in a class' };
  if (cls.members.some((m) => m.name && ts.isIdentifier(m.name) && m.name.text === BUILD))
    return { why: `the class already has a member named ${BUILD}` };
  const declared = cls.members.find(
    (m): m is ts.PropertyDeclaration => ts.isPropertyDeclaration(m) && m.name.getText(source) === prop,
  );
  if (declared && ts.getModifiers(declared)?.some((m) => m.kind === ts.SyntaxKind.ReadonlyKeyword))
    return { why: `this.${prop} is readonly, so no method can build it again` };
  const ctor = cls.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
  const built = builtBy(source, ctor, declared, prop);
  if ('why' in built) return built;
  const found = movedStatements(cls, ctor, built, prop);
  if ('why' in found) return found;
  const { moved, calledSetups, touching } = found;
  const touched = [...touching].find((name) => propUses(method, name).length > 0);
  if (touched) return { why: `${methodName(method)}() calls ${touched}(), which uses this.${prop}` };
  // Every other use: a member read, outside the connecting method and the statements that move.
  for (const use of propUses(cls, prop)) {
    if (use === receiver || within(use, built.node) || moved.some((s) => within(use, s))) continue;
    if ([...calledSetups].some((m) => within(use, m))) continue;
    if (within(use, method)) return { why: `${methodName(method)}() uses this.${prop} besides its connect` };
    if (!isMemberRead(use)) return { why: `this.${prop} is used as a whole (passed on, returned or reassigned)` };
  }
  for (const setup of calledSetups)
    if (thisCalls(cls, setup.name.getText(source)) !== 1)
      return { why: `${setup.name.getText(source)}() is called more than once` };
  return {
    edits: classEdits(source, { after: ctor ?? built.node, built, moved, connect, transportStatement, prop }),
    factory: `this.${BUILD}()`,
  };
}

/**
 * Where the server is built: the constructor's own `this.server = <expression>;` (read no parameter or local of it),
 * or else the property's initializer (`private server = new McpServer(...)`, which the new method's result replaces,
 * typed with its class when it has no type of its own).
 */
type Built =
  | { kind: 'constructor'; node: ts.ExpressionStatement; value: ts.Expression }
  | { kind: 'initializer'; node: ts.PropertyDeclaration; value: ts.Expression; type: string };

function builtBy(
  source: ts.SourceFile,
  ctor: ts.ConstructorDeclaration | undefined,
  declared: ts.PropertyDeclaration | undefined,
  prop: string,
): Built | { why: string } {
  const assigned = ctor && builtIn(ctor, prop);
  if (assigned) {
    const locals = constructorLocals(ctor);
    if (!locals || mentionsIn(assigned.expression.right, locals).length > 0)
      return { why: `this.${prop} is built from the constructor's parameters or locals, which a method cannot read` };
    return { kind: 'constructor', node: assigned.statement, value: assigned.expression.right };
  }
  const value = declared?.initializer;
  const isStatic = declared && ts.getModifiers(declared)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  if (!declared || !value || isStatic)
    return { why: `neither its constructor nor its declaration builds this.${prop}` };
  const type =
    declared.type?.getText(source) ??
    (ts.isNewExpression(value) && ts.isIdentifier(value.expression) ? value.expression.text : undefined);
  if (type === undefined && /\.[cm]?tsx?$/.test(source.fileName))
    return { why: `this.${prop} has no type the new method's result can be given` };
  return { kind: 'initializer', node: declared, value, type: type ?? '' };
}

/**
 * The constructor's statements that move into the new method, in order: after the building, rooted at the property
 * (`this.server.onerror = ...`), or `this.setup();` of a method that only registers on it. Every other statement
 * may use the property only in a listener callback, and may not call a method that uses it. With the server built
 * by the property's initializer, a moved statement runs before the constructor's others and before the properties
 * declared after it are set: it may then read no other property of the object except in a callback.
 */
function movedStatements(
  cls: ts.ClassLikeDeclaration,
  ctor: ts.ConstructorDeclaration | undefined,
  built: Built,
  prop: string,
): { moved: ts.Statement[]; calledSetups: Set<ts.MethodDeclaration>; touching: Set<string> } | { why: string } {
  const setups = new Map<string, ts.MethodDeclaration>();
  for (const member of cls.members)
    if (ts.isMethodDeclaration(member) && member.body && ts.isIdentifier(member.name) && isSetup(member, prop))
      setups.set(member.name.text, member);
  const moved: ts.Statement[] = [];
  const calledSetups = new Set<ts.MethodDeclaration>();
  // A method that reads the property, itself or through another: called where it stays, it reads the wrong instance.
  const touching = touchingMethods(cls, prop);
  const after = (statement: ts.Statement) => built.kind === 'initializer' || statement.pos > built.node.pos;
  for (const statement of ctor?.body?.statements ?? []) {
    if (statement === built.node) continue;
    const setup = setupCall(statement, setups);
    if (after(statement) && (rootedAt(statement, prop) || setup)) {
      moved.push(statement);
      if (setup) calledSetups.add(setup);
    } else if (
      (propUses(statement, prop).length > 0 && !readInListener(statement, prop)) ||
      [...touching].some((name) => propUses(statement, name).length > 0)
    )
      return { why: `a constructor statement uses this.${prop} in a way a per-connection factory cannot repeat` };
  }
  const locals = ctor ? constructorLocals(ctor) : new Set<string>();
  if (!locals || moved.some((statement) => mentionsIn(statement, locals).length > 0))
    return {
      why: `a registration on this.${prop} reads the constructor's parameters or locals, which a method cannot read`,
    };
  if (built.kind === 'initializer') {
    if ([...moved, ...calledSetups].some((node) => readsOtherMembers(node, prop)))
      return {
        why: `a registration on this.${prop} reads another property of the object, not yet set when it is built`,
      };
  } else {
    const lastMoved = moved[moved.length - 1];
    const between = ctor!.body!.statements.filter(
      (st) => st.pos > built.node.pos && lastMoved && st.pos < lastMoved.pos && !moved.includes(st),
    );
    if (between.some(assignsThis))
      return { why: `the constructor sets other properties between building this.${prop} and registering on it` };
  }
  return { moved, calledSetups, touching };
}

/** The edits: the building goes through the new method, which holds it and the moved statements. */
function classEdits(
  source: ts.SourceFile,
  at: {
    after: ts.Node;
    built: Built;
    moved: ts.Statement[];
    connect: ts.Statement;
    transportStatement: ts.Statement | undefined;
    prop: string;
  },
): TextEdit[] {
  const text = source.text;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const indentAt = (node: ts.Node) => indentOf(text, node.getStart(source));
  const memberIndent = indentAt(at.after);
  // A class at the top level: its members' indentation is one level.
  const bodyIndent =
    at.built.kind === 'constructor'
      ? indentAt(at.built.node)
      : at.moved[0]
        ? indentAt(at.moved[0])
        : `${memberIndent}${memberIndent || '  '}`;
  const typescript = /\.[cm]?tsx?$/.test(source.fileName);
  const building =
    at.built.kind === 'constructor'
      ? at.built.node.getText(source)
      : `this.${at.prop} = ${at.built.value.getText(source)};`;
  const method = [
    '',
    `${memberIndent}${typescript ? 'private ' : ''}${BUILD}() {`,
    `${bodyIndent}${building}`,
    // With the comment lines right above it, at their own indentation (the constructor's body is the method's).
    ...at.moved.map((s) => text.slice(chunkStart(source, s), s.getEnd())),
    `${bodyIndent}return this.${at.prop};`,
    `${memberIndent}}`,
  ].join(newline);
  const call = `this.${BUILD}()`;
  const buildEdit: TextEdit =
    at.built.kind === 'constructor'
      ? { start: at.built.node.getStart(source), end: at.built.node.getEnd(), text: `this.${at.prop} = ${call};` }
      : {
          start: (at.built.node.type ?? at.built.node.name).getEnd(),
          end: at.built.value.getEnd(),
          text: `${at.built.node.type || !typescript ? '' : `: ${at.built.type}`} = ${call}`,
        };
  const edits: TextEdit[] = [
    buildEdit,
    ...tidyBlankLines(
      text,
      at.moved.map((s) => ({ ...removeStatement(source, s), start: chunkStart(source, s) })),
    ),
    { start: at.after.getEnd(), end: at.after.getEnd(), text: `${newline}${method}` },
    { start: at.connect.getStart(source), end: at.connect.getEnd(), text: `serveStdio(() => ${call});` },
  ];
  if (at.transportStatement) edits.push(removeStatement(source, at.transportStatement));
  return edits;
}

/** The constructor's own `this.<prop> = <expression>;`, a statement of its body (the first such). */
function builtIn(ctor: ts.ConstructorDeclaration, prop: string) {
  for (const statement of ctor.body!.statements)
    if (
      ts.isExpressionStatement(statement) &&
      ts.isBinaryExpression(statement.expression) &&
      statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isThisProp(statement.expression.left, prop)
    )
      return { statement, expression: statement.expression };
  return undefined;
}

function isThisProp(node: ts.Node, prop: string): node is ts.PropertyAccessExpression {
  return (
    ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword && node.name.text === prop
  );
}

/** Every `this.<prop>` under `node` whose `this` is the object's: nested classes and non-arrow functions left out. */
function propUses(node: ts.Node, prop: string): ts.PropertyAccessExpression[] {
  const found: ts.PropertyAccessExpression[] = [];
  const visit = (current: ts.Node): void => {
    const member = current.parent === node && ts.isClassLike(node) && ts.isClassElement(current);
    if (
      current !== node &&
      !member &&
      (ts.isClassLike(current) || (ts.isFunctionLike(current) && !ts.isArrowFunction(current)))
    )
      return;
    if (isThisProp(current, prop)) found.push(current);
    ts.forEachChild(current, visit);
  };
  visit(node);
  return found;
}

/** `this.<prop>.member...` read or called: the property's value is not taken as a whole. */
function isMemberRead(use: ts.PropertyAccessExpression): boolean {
  const parent = use.parent;
  return (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === use;
}

/** `this.<prop>.x(...);` or `this.<prop>.x = ...;` whose every use of the property is a member read. */
function rootedAt(statement: ts.Statement, prop: string): boolean {
  if (!ts.isExpressionStatement(statement)) return false;
  let expression: ts.Expression = statement.expression;
  if (ts.isAwaitExpression(expression)) return false;
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    expression = expression.left;
  else if (ts.isCallExpression(expression)) expression = expression.expression;
  else return false;
  if (!ts.isPropertyAccessExpression(expression) || !isThisProp(rootOfAccess(expression), prop)) return false;
  return propUses(statement, prop).every(isMemberRead);
}

/** The innermost object of an access chain: `this.server` of `this.server.server.oninitialized`. */
function rootOfAccess(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (ts.isPropertyAccessExpression(current) && current.expression.kind !== ts.SyntaxKind.ThisKeyword)
    current = current.expression;
  return current;
}

/** A method every statement of which is rooted at the property (`setupToolHandlers()`): it only registers. */
function isSetup(method: ts.MethodDeclaration, prop: string): boolean {
  if (method.parameters.length > 0 || method.asteriskToken || ts.getModifiers(method)?.some(isStaticOrAsync))
    return false;
  const statements = method.body!.statements;
  return statements.length > 0 && statements.every((s) => rootedAt(s, prop));
}

const isStaticOrAsync = (m: ts.ModifierLike) =>
  m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.AsyncKeyword;

/** The constructor's parameters and the names its body declares; undefined for a destructured parameter. */
function constructorLocals(ctor: ts.ConstructorDeclaration): Set<string> | undefined {
  const names = new Set(['arguments']);
  for (const p of ctor.parameters) {
    if (!ts.isIdentifier(p.name)) return undefined;
    names.add(p.name.text);
  }
  for (const statement of ctor.body!.statements) {
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) return undefined;
        names.add(d.name.text);
      }
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.add(statement.name.text);
  }
  return names;
}

/** Whether `node` reads a member of `this` other than the property outside a callback (an arrow function runs later). */
function readsOtherMembers(node: ts.Node, prop: string): boolean {
  let found = false;
  const visit = (current: ts.Node): void => {
    if (found) return;
    if (current !== node && ts.isFunctionLike(current)) return;
    if (
      ts.isPropertyAccessExpression(current) &&
      current.expression.kind === ts.SyntaxKind.ThisKeyword &&
      current.name.text !== prop &&
      !(
        ts.isCallExpression(current.parent) &&
        current.parent.expression === current &&
        ts.isExpressionStatement(current.parent.parent)
      )
    )
      found = true;
    ts.forEachChild(current, visit);
  };
  if (ts.isMethodDeclaration(node)) node.body?.statements.forEach(visit);
  else visit(node);
  return found;
}

/** Whether a statement assigns a property of `this` (outside a nested non-arrow function). */
function assignsThis(statement: ts.Statement): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || (ts.isFunctionLike(node) && !ts.isArrowFunction(node)) || ts.isClassLike(node)) return;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
      node.operatorToken.kind <= ts.SyntaxKind.LastAssignment &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword
    )
      found = true;
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}

/** The class's methods that use the property, directly or by calling (naming) another such method of the class. */
function touchingMethods(cls: ts.ClassLikeDeclaration, prop: string): Set<string> {
  const methods = cls.members.filter(
    (m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && !!m.body && ts.isIdentifier(m.name),
  );
  const touching = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const m of methods) {
      const name = (m.name as ts.Identifier).text;
      if (touching.has(name)) continue;
      if (propUses(m, prop).length > 0 || [...touching].some((other) => propUses(m, other).length > 0)) {
        touching.add(name);
        grew = true;
      }
    }
  }
  return touching;
}

/** `this.setup();` where `setup` is one of `setups`. */
function setupCall(statement: ts.Statement, setups: Map<string, ts.MethodDeclaration>) {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return undefined;
  const call = statement.expression;
  if (call.arguments.length > 0 || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  if (call.expression.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  return setups.get(call.expression.name.text);
}

/** How many times `this.<name>` appears in the class (every mention counts: a call, a reference, a bind). */
function thisCalls(cls: ts.ClassLikeDeclaration, name: string): number {
  return propUses(cls, name).length;
}

/** `x.on('SIGINT', async () => { ... this.server.close() ... })`: every use a member read inside its arrow callback. */
function readInListener(statement: ts.Statement, prop: string): boolean {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return false;
  const call = statement.expression;
  if (!ts.isPropertyAccessExpression(call.expression) || !LISTENER_METHODS.has(call.expression.name.text)) return false;
  const listener = call.arguments[call.arguments.length - 1];
  if (!listener || !ts.isArrowFunction(listener)) return false;
  return propUses(statement, prop).every((use) => within(use, listener) && isMemberRead(use));
}

const within = (node: ts.Node, container: ts.Node) => node.pos >= container.pos && node.end <= container.end;

const methodName = (method: ts.MethodDeclaration) => (ts.isIdentifier(method.name) ? method.name.text : 'the method');
