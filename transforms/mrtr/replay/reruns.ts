import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { AnalysisProject } from '../../../lib/project.js';
import type { FunctionNode } from '../analyse/functions.js';
import { isReplaySafeExpression, isReplaySafeStatement } from '../analyse/replaySafe.js';

/**
 * Code that runs again on each round of a replayed handler: a statement before (or, in a loop, after) the code that
 * leads to an ask, or a condition on the way to it. `unbounded`: it runs in a loop with no bound the analysis can see
 * (each iteration would add a journal entry).
 */
export interface Rerun {
  node: Node;
  fn: FunctionNode;
  unbounded?: string;
  /**
   * After the ask, in a helper: it runs again only when its caller asks again after the helper returns. The calls
   * the walk went up through from the helper (checked once every path's asks are known).
   */
  resumes?: Node[];
}

type Iteration = Node & { getStatement(): Node };

/**
 * What runs again around the walk's step from `current` up to `parent`: the statements before it in a block (and
 * after it, in a loop's body: they run between one iteration's ask and the next), the condition of an `if` it sits
 * in, and the header of a loop it sits in; `unbounded` when that loop has no bound the analysis can see.
 */
export function rerunsAround(
  parent: Node,
  current: Node,
  fn: FunctionNode,
  reads: ReadonlySet<Node>,
  project: AnalysisProject,
  helper: boolean,
): { reruns: Rerun[]; unbounded?: string } {
  const reruns: Rerun[] = [];
  const add = (node: Node | undefined, expression: boolean, after = false) => {
    if (!node) return;
    if (expression ? isReplaySafeExpression(node, reads) : isReplaySafeStatement(node, reads)) return;
    reruns.push({ node, fn, ...(after ? { resumes: [] } : {}) });
  };
  if (Node.isBlock(parent) || Node.isSourceFile(parent) || Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
    const statements = parent.getStatements();
    const index = statements.indexOf(current as never);
    for (const statement of statements.slice(0, index)) {
      // In a helper, `if (ready) { return save(input); }` before the ask: when its branch runs, the helper returns
      // without asking, so the branch runs again only when a caller asks after the helper returns (its condition
      // runs again on every round).
      const exit = helper ? earlyReturnOf(statement) : undefined;
      if (exit) {
        add(exit.condition, true);
        add(exit.branch, false, true);
      } else add(statement, false);
    }
    // In a loop's body, what follows runs before the next iteration's ask; in a helper, before the caller's next ask.
    const loop = insideLoop(parent, fn);
    if (loop || helper) for (const statement of statements.slice(index + 1)) add(statement, false, !loop);
  } else if (Node.isIfStatement(parent) && parent.getExpression() !== current) {
    add(parent.getExpression(), true);
  } else if (isIteration(parent) && parent.getStatement() === current) {
    if (Node.isForStatement(parent)) {
      const init = parent.getInitializer();
      if (init && Node.isVariableDeclarationList(init))
        for (const d of init.getDeclarations()) add(d.getInitializer(), true);
      else add(init, true);
      add(parent.getCondition(), true);
    } else add(loopExpression(parent), true);
    return { reruns, ...unboundedOf(parent, project) };
  }
  return { reruns };
}

/**
 * `if (cond) { ...; return x; }` with no `else`, whose branch ends with a `return` or `throw` and cannot leave it
 * otherwise (no `break` or `continue`): the condition, and the branch.
 */
function earlyReturnOf(statement: Node): { condition: Node; branch: Node } | undefined {
  if (!Node.isIfStatement(statement) || statement.getElseStatement()) return undefined;
  const branch = statement.getThenStatement();
  const last = Node.isBlock(branch) ? branch.getStatements().at(-1) : branch;
  if (!last || !(Node.isReturnStatement(last) || Node.isThrowStatement(last))) return undefined;
  if (
    branch.getDescendantsOfKind(SyntaxKind.BreakStatement).length > 0 ||
    branch.getDescendantsOfKind(SyntaxKind.ContinueStatement).length > 0
  )
    return undefined;
  return { condition: statement.getExpression(), branch };
}

/** A `for`, `for...of`, `for...in`, `while` or `do` statement. */
export function isIteration(node: Node): node is Iteration {
  return (
    Node.isForStatement(node) ||
    Node.isForOfStatement(node) ||
    Node.isForInStatement(node) ||
    Node.isWhileStatement(node) ||
    Node.isDoStatement(node)
  );
}

/**
 * Why a loop has no bound the analysis can see, or nothing: `for...of` and `for...in` walk a value already in
 * memory; a counting `for`/`while` (`i < 3`, `attempt <= max`) stops; anything else (`while (true)`, `while (!paid)`)
 * may run any number of times.
 */
export function unboundedOf(loop: Iteration, project: AnalysisProject): { unbounded?: string } {
  if (Node.isForOfStatement(loop) || Node.isForInStatement(loop)) return {};
  const condition = Node.isForStatement(loop) ? loop.getCondition() : loopExpression(loop);
  if (condition && Node.isBinaryExpression(condition) && /^[<>]=?$/.test(condition.getOperatorToken().getText()))
    return {};
  const keyword = Node.isDoStatement(loop) ? 'do...while' : Node.isWhileStatement(loop) ? 'while' : 'for';
  return {
    unbounded: `the \`${keyword}\` loop at line ${project.userLine(loop)}, which has no bound the analysis can see`,
  };
}

/** The value a `for...of`/`for...in` walks, or a `while`/`do` loop's condition. */
export function loopExpression(loop: Iteration): Node | undefined {
  return Node.isForStatement(loop)
    ? loop.getCondition()
    : (loop as unknown as { getExpression(): Node }).getExpression();
}

/** Whether a loop lies between a block and its function: its statements run once per iteration. */
function insideLoop(block: Node, fn: FunctionNode): boolean {
  for (let node: Node | undefined = block; node && node !== fn; node = node.getParent())
    if (isIteration(node)) return true;
  return false;
}
