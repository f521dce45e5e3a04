import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import { enclosingFunction } from './functions.js';
import { isReplaySafeExpression, isReplaySafeStatement } from './replaySafe.js';
import { unwrap } from './symbols.js';

/** Values a function builds itself: a literal, or a new collection. */
const BUILT = /^(Map|Set|Array|URLSearchParams)$/;

/**
 * A local of the function `fn` (a variable or parameter declared in it): running the function again from the top
 * makes it anew. `built`: a variable the function initialises with a value it builds (`[]`, `{}`, `new Map()`), so
 * that changing its content changes nothing outside.
 */
export function isLocalOf(target: Node, fn: Node, built = false): boolean {
  if (!Node.isIdentifier(target)) return false;
  const declaration = target.getSymbol()?.getDeclarations()[0];
  if (!declaration || !(Node.isVariableDeclaration(declaration) || Node.isParameterDeclaration(declaration)))
    return false;
  if (built) {
    const init = Node.isVariableDeclaration(declaration) ? declaration.getInitializer() : undefined;
    const value = init ? unwrap(init) : undefined;
    const made =
      !!value &&
      (Node.isArrayLiteralExpression(value) ||
        Node.isObjectLiteralExpression(value) ||
        (Node.isNewExpression(value) && BUILT.test(value.getExpression().getText())));
    if (!made) return false;
  }
  for (let owner = enclosingFunction(declaration); owner; owner = enclosingFunction(owner))
    if (owner === fn) return true;
  return false;
}

/**
 * An expression whose only effect is on the function's own locals: `attempts++`, `total += x`, `answer = x`,
 * `chosen.push(file)` on a local array the function built, `params.note = x` on a local object it built; or a
 * replay-safe expression.
 */
export function isLocalEffect(expression: Node, fn: Node, allowed: ReadonlySet<Node>): boolean {
  if (Node.isPostfixUnaryExpression(expression) || Node.isPrefixUnaryExpression(expression)) {
    const op = expression.getOperatorToken();
    if (op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken)
      return isLocalOf(expression.getOperand(), fn);
  }
  if (Node.isBinaryExpression(expression)) {
    const op = expression.getOperatorToken().getKind();
    if (op >= SyntaxKind.FirstAssignment && op <= SyntaxKind.LastAssignment) {
      // `params.note = String(args.note)` on an object the function built (`const params = { ... }`): its own.
      const left = expression.getLeft();
      const owner =
        Node.isPropertyAccessExpression(left) || Node.isElementAccessExpression(left)
          ? left.getExpression()
          : undefined;
      const argument = Node.isElementAccessExpression(left) ? left.getArgumentExpression() : undefined;
      const target =
        owner !== undefined
          ? isLocalOf(owner, fn, true) && (!argument || isReplaySafeExpression(argument, allowed))
          : isLocalOf(left, fn);
      return target && isReplaySafeExpression(expression.getRight(), allowed);
    }
  }
  if (Node.isCallExpression(expression)) {
    const callee = unwrap(expression.getExpression());
    if (Node.isPropertyAccessExpression(callee) && isLocalOf(callee.getExpression(), fn, true))
      return expression.getArguments().every((a) => isReplaySafeExpression(a, allowed));
  }
  return isReplaySafeExpression(expression, allowed);
}

/** A statement of `fn` whose effects stay on its locals (loops and branches included). */
export function isPureStatement(statement: Node, fn: Node, allowed: ReadonlySet<Node>): boolean {
  const pure = (s: Node | undefined) => !s || isPureStatement(s, fn, allowed);
  const safe = (e: Node | undefined) => !e || isReplaySafeExpression(e, allowed);
  if (isReplaySafeStatement(statement, allowed)) return true;
  if (Node.isExpressionStatement(statement)) return isLocalEffect(statement.getExpression(), fn, allowed);
  if (Node.isBlock(statement)) return statement.getStatements().every(pure);
  if (Node.isIfStatement(statement))
    return safe(statement.getExpression()) && pure(statement.getThenStatement()) && pure(statement.getElseStatement());
  // `try { ... } catch { ... }` around such statements: the caught error is the function's own.
  if (Node.isTryStatement(statement))
    return (
      pure(statement.getTryBlock()) && pure(statement.getCatchClause()?.getBlock()) && pure(statement.getFinallyBlock())
    );
  if (Node.isForOfStatement(statement) || Node.isForInStatement(statement))
    return safe(statement.getExpression()) && pure(statement.getStatement());
  if (Node.isWhileStatement(statement) || Node.isDoStatement(statement))
    return safe(statement.getExpression()) && pure(statement.getStatement());
  if (Node.isForStatement(statement)) {
    const init = statement.getInitializer();
    const inits =
      init && Node.isVariableDeclarationList(init) ? init.getDeclarations().map((d) => d.getInitializer()) : [init];
    const step = statement.getIncrementor();
    return (
      inits.every(safe) &&
      safe(statement.getCondition()) &&
      (!step || isLocalEffect(step, fn, allowed)) &&
      pure(statement.getStatement())
    );
  }
  // `switch (domain) { case 'billing': { ...; break; } default: throw new Error(...) }`.
  if (Node.isSwitchStatement(statement))
    return (
      safe(statement.getExpression()) &&
      statement.getClauses().every((clause) => {
        const label = Node.isCaseClause(clause) ? clause.getExpression() : undefined;
        return safe(label) && clause.getStatements().every(pure);
      })
    );
  return Node.isBreakStatement(statement) || Node.isContinueStatement(statement);
}
