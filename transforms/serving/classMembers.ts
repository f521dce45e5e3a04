// Queries on a class whose constructor builds `this.<prop>` (rewriteStdioClass.ts): where it is built, which statements
// and methods only register on it, what else the constructor reads or assigns.
import { ts } from '../../lib/tsMorph.cjs';

/** The constructor's own `this.<prop> = <expression>;`, a statement of its body (the first such). */
export function builtIn(ctor: ts.ConstructorDeclaration, prop: string) {
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
export function propUses(node: ts.Node, prop: string): ts.PropertyAccessExpression[] {
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
export function isMemberRead(use: ts.PropertyAccessExpression): boolean {
  const parent = use.parent;
  return (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) && parent.expression === use;
}

/** `this.<prop>.x(...);` or `this.<prop>.x = ...;` whose every use of the property is a member read. */
export function rootedAt(statement: ts.Statement, prop: string): boolean {
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
export function isSetup(method: ts.MethodDeclaration, prop: string): boolean {
  if (method.parameters.length > 0 || method.asteriskToken || ts.getModifiers(method)?.some(isStaticOrAsync))
    return false;
  const statements = method.body!.statements;
  return statements.length > 0 && statements.every((s) => rootedAt(s, prop));
}

const isStaticOrAsync = (m: ts.ModifierLike) =>
  m.kind === ts.SyntaxKind.StaticKeyword || m.kind === ts.SyntaxKind.AsyncKeyword;

/** The constructor's parameters and the names its body declares; undefined for a destructured parameter. */
export function constructorLocals(ctor: ts.ConstructorDeclaration): Set<string> | undefined {
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
export function readsOtherMembers(node: ts.Node, prop: string): boolean {
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
export function assignsThis(statement: ts.Statement): boolean {
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
export function touchingMethods(cls: ts.ClassLikeDeclaration, prop: string): Set<string> {
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
export function setupCall(statement: ts.Statement, setups: Map<string, ts.MethodDeclaration>) {
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return undefined;
  const call = statement.expression;
  if (call.arguments.length > 0 || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  if (call.expression.expression.kind !== ts.SyntaxKind.ThisKeyword) return undefined;
  return setups.get(call.expression.name.text);
}

/** How many times `this.<name>` appears in the class (every mention counts: a call, a reference, a bind). */
export function thisCalls(cls: ts.ClassLikeDeclaration, name: string): number {
  return propUses(cls, name).length;
}
