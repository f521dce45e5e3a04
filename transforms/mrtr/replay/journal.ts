import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { AnalysisProject } from '../../../lib/project.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { enclosingFunction, oneLine, type FunctionNode } from '../analyse/functions.js';
import { provenReadsIn } from '../analyse/provenReads.js';
import { isLocalEffect, isLocalOf, isPureStatement } from '../analyse/localEffects.js';
import type { ReasonId } from '../reasons.js';
import { journalTypeOf } from './journalType.js';
import { isIteration, loopExpression, unboundedOf, type Rerun } from './reruns.js';

/** The budget of a replayed call's journal in requestState (the runtime enforces it). */
export const JOURNAL_BUDGET = '16 KB';

/** An effect that runs before an ask, wrapped so that it runs once: `await step('label', () => effect)`. */
export interface JournalStep {
  /** The statement it belongs to (or the condition), for the report. */
  statement: Node;
  /** The expression the step runs. */
  expression: Node;
  /** Its value is not used: the step records that it ran, and drops its result (`() => { effect }`). */
  discard: boolean;
  /** In a function that is not async: the step is not awaited (it runs its effect at once). */
  sync: boolean;
  /**
   * Its value's type could not be read (why): the runtime's step checks the value at the first round and refuses,
   * with an error that names the step, one JSON cannot carry. The report names it for the reviewer.
   */
  unchecked?: string;
  /**
   * Its value is one JSON cannot carry (why), in a project served over stdio only: the runtime keeps it in the
   * process's memory between rounds, which all come back to that process. The report names it.
   */
  kept?: string;
  /**
   * Its value may be large (why: an array of records), in a project served over stdio only: it travels in requestState
   * between the server and its one client (the runtime warns on stderr past the budget). The report names it.
   */
  large?: string;
  /**
   * Not journaled: it makes what a `finally` around the ask releases (a span it ends, a temporary directory it removes,
   * a flag it clears), and that block runs at the end of every round, so the statement runs again on each round to make
   * it anew (why: the block and what it reads). The report names it; nothing wraps it.
   */
  perRound?: string;
}

export type JournalResult = { steps: JournalStep[] } | { reason: ReasonId; detail: string };

/** What a `finally` around the ask does to a name (planReplay's releasedNames): why, and how it releases it. */
export interface Release {
  why: string;
  how: Set<'method' | 'write' | 'argument'>;
}

interface Walk {
  fn: FunctionNode;
  /** The function is the handler itself: a `return` ends the call, so it runs once. */
  handler: boolean;
  unbounded?: string;
  leadsToAsk: (node: Node) => boolean;
  project: AnalysisProject;
  steps: JournalStep[];
  /** The names a `finally` around the path releases (their symbols), with why and how (planReplay's releasedNames). */
  released: ReadonlyMap<unknown, Release>;
  problem?: { reason: ReasonId; detail: string };
}

/**
 * The steps that make code which runs again on each round run once: each effect (a write, a call the analysis
 * cannot prove only reads, an id or a clock read) whose result the journal can carry. Reads, local writes and log
 * lines are left as they are. A reason when an effect's result cannot be journaled or the journal may grow without bound.
 */
export function journalOf(
  rerun: Rerun,
  leadsToAsk: (node: Node) => boolean,
  analysis: MrtrAnalysis,
  released: ReadonlyMap<unknown, Release> = new Map(),
): JournalResult {
  if (rerun.resumes && !rerun.resumes.some((call) => asksAfter(call, leadsToAsk))) return { steps: [] };
  const walk: Walk = {
    fn: rerun.fn,
    handler: analysis.usesOf(rerun.fn).some((use) => use.kind === 'registered'),
    ...(rerun.unbounded ? { unbounded: rerun.unbounded } : {}),
    leadsToAsk,
    project: analysis.project,
    steps: [],
    released,
  };
  visit(rerun.node, rerun.node, walk);
  return walk.problem ?? { steps: walk.steps };
}

function visit(node: Node, statement: Node, walk: Walk): void {
  if (walk.problem || isSafe(node, walk)) return;
  if (!Node.isStatement(node) || Node.isExpressionStatement(node)) {
    if (Node.isExpressionStatement(node)) return expressionStatement(node.getExpression(), node, walk);
    // A condition of an if or a loop the ask sits in (the reruns hand those over as expressions).
    return condition(node, statement, walk);
  }
  if (Node.isVariableStatement(node)) {
    if (walk.leadsToAsk(node)) return;
    for (const d of node.getDeclarations()) {
      const init = d.getInitializer();
      if (!init || isSafe(init, walk)) continue;
      if (!perRound(d.getNameNode(), init, node, walk)) value(init, node, walk);
    }
  } else if (Node.isIfStatement(node)) {
    condition(node.getExpression(), node, walk);
    visit(node.getThenStatement(), node.getThenStatement(), walk);
    const otherwise = node.getElseStatement();
    if (otherwise) visit(otherwise, otherwise, walk);
  } else if (Node.isBlock(node)) {
    // A block of the handler that ends the call runs on the last round only (an ask in it has its own path).
    const last = node.getStatements().at(-1);
    if (walk.handler && last && (Node.isReturnStatement(last) || Node.isThrowStatement(last))) return;
    for (const s of node.getStatements()) visit(s, s, walk);
  } else if (Node.isTryStatement(node)) {
    for (const block of [node.getTryBlock(), node.getCatchClause()?.getBlock(), node.getFinallyBlock()])
      if (block) visit(block, block, walk);
  } else if (isIteration(node)) {
    const inner: Walk = { ...walk, steps: [], ...(walk.unbounded ? {} : unboundedOf(node, walk.project)) };
    const head = Node.isForStatement(node)
      ? [node.getInitializer(), node.getCondition(), node.getIncrementor()]
      : [loopExpression(node)];
    for (const e of head) if (e && !Node.isVariableDeclarationList(e)) condition(e, node, inner);
    visit(node.getStatement(), node.getStatement(), inner);
    walk.steps.push(...inner.steps);
    if (inner.problem) walk.problem = inner.problem;
  } else if (Node.isSwitchStatement(node)) {
    condition(node.getExpression(), node, walk);
    for (const clause of node.getClauses()) for (const s of clause.getStatements()) visit(s, s, walk);
  } else if (Node.isLabeledStatement(node)) {
    visit(node.getStatement(), node.getStatement(), walk);
  } else if (Node.isReturnStatement(node)) {
    // A handler's return ends the call (it runs once); a helper's returns to code that may ask again.
    const returned = node.getExpression();
    if (returned && !walk.handler && !walk.leadsToAsk(node)) value(returned, node, walk);
  }
}

/** Harmless to run again: replay-safe once the proven reads and the locals' own writes are allowed. */
function isSafe(node: Node, walk: Walk): boolean {
  const allowed = provenReadsIn(node, walk.project);
  for (const call of node.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    // Capability reads now read the request's own capabilities (see rewriteReplay).
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities') allowed.add(call);
  }
  // Writes to the function's own locals (`attempts++`, `chosen.push(file)`, a loop's `i++`): made anew from the top on
  // each round. Journaling one would replay its value without its write, and the loop would never end.
  if (Node.isExpressionStatement(node)) return isLocalEffect(node.getExpression(), walk.fn, allowed);
  return Node.isStatement(node) ? isPureStatement(node, walk.fn, allowed) : isLocalEffect(node, walk.fn, allowed);
}

/** An expression statement: a local assigned an effect's value journals the value; any other effect runs once. */
function expressionStatement(expression: Node, statement: Node, walk: Walk): void {
  if (walk.leadsToAsk(statement)) return;
  const assigned =
    Node.isBinaryExpression(expression) && expression.getOperatorToken().getKind() === SyntaxKind.EqualsToken;
  if (assigned && perRound(expression.getLeft(), expression.getRight(), statement, walk)) return;
  if (assigned && isLocalOf(expression.getLeft(), walk.fn)) return value(expression.getRight(), statement, walk);
  if (walk.unbounded) return unbounded(expression, statement, walk);
  const type = journalTypeOf(expression, walk.project);
  const sync = !isAsync(walk.fn);
  const awaited = Node.isAwaitExpression(expression);
  // The result is dropped when JSON cannot carry it, or when the statement did not wait for its promise.
  const discard = sync || type.kind !== 'json' || (type.promise && !awaited);
  walk.steps.push({ statement, expression, discard, sync });
}

/**
 * A statement that makes what a `finally` around the ask releases, where making it anew is all it does: a handle the
 * block calls a method of (`const span = tracer.startSpan(...)`, then `span.end()`: a value JSON cannot carry, or
 * whose type cannot be read), or a flag set to a constant the block writes back (`busy = true`, then `busy = false`).
 * It runs again on each round, whose end runs the block, rather than being journaled, whose record would name what
 * the first round's end released. A value the block only hands to a function (`rm(dir)`, or `audit.log(order)`,
 * which releases nothing) stays journaled, and planReplay reviews the site; so does a journaled step that reads what
 * runs again.
 */
function perRound(name: Node, made: Node, statement: Node, walk: Walk): boolean {
  const names = Node.isIdentifier(name) ? [name] : name.getDescendantsOfKind(SyntaxKind.Identifier);
  const release = names.map((n) => walk.released.get(n.getSymbol()?.compilerSymbol)).find((r) => r !== undefined);
  if (!release) return false;
  const flag = release.how.has('write') && isConstant(made);
  const kind = release.how.has('method') ? journalTypeOf(made, walk.project).kind : undefined;
  const handle = kind === 'not' || kind === 'unknown';
  if (!flag && !handle) return false;
  walk.steps.push({ statement, expression: made, discard: false, sync: false, perRound: release.why });
  return true;
}

/** A literal of a primitive: `true`, `1`, `'busy'`, `null`, `undefined`, `-1`. */
function isConstant(node: Node): boolean {
  const value = Node.isParenthesizedExpression(node) ? node.getExpression() : node;
  const kind = value.getKind();
  return (
    kind === SyntaxKind.TrueKeyword ||
    kind === SyntaxKind.FalseKeyword ||
    kind === SyntaxKind.NullKeyword ||
    Node.isNumericLiteral(value) ||
    Node.isStringLiteral(value) ||
    Node.isNoSubstitutionTemplateLiteral(value) ||
    (Node.isIdentifier(value) && value.getText() === 'undefined') ||
    (Node.isPrefixUnaryExpression(value) && isConstant(value.getOperand()))
  );
}

/**
 * A condition or a loop's header: journaled when it has effects. Of `a && effect()` (and `||`, `??`) with a safe left
 * operand only the right one is journaled: the left stays in the condition, and so does what it narrows
 * (`if (result.hints?.length && (await allowed()))` keeps `result.hints` defined in the branch), which a condition
 * wrapped whole in a step would lose.
 */
function condition(expression: Node, statement: Node, walk: Walk): void {
  if (isSafe(expression, walk) || walk.leadsToAsk(expression)) return;
  let inner = expression;
  while (Node.isParenthesizedExpression(inner)) inner = inner.getExpression();
  if (
    Node.isBinaryExpression(inner) &&
    LOGICAL_OPERATORS.has(inner.getOperatorToken().getKind()) &&
    isSafe(inner.getLeft(), walk)
  )
    return condition(inner.getRight(), statement, walk);
  // `supported() && server`: the left operand is the effect, the right a read that stays in place (its value may be
  // one JSON cannot carry, such as the server itself, and a step around the whole condition would record it).
  if (
    Node.isBinaryExpression(inner) &&
    LOGICAL_OPERATORS.has(inner.getOperatorToken().getKind()) &&
    isSafe(inner.getRight(), walk)
  )
    return condition(inner.getLeft(), statement, walk);
  // `(await allowed())` is journaled as `(await step('allowed', () => allowed()))`: the parentheses stay outside.
  value(inner, statement, walk);
}

const LOGICAL_OPERATORS: ReadonlySet<SyntaxKind> = new Set([
  SyntaxKind.AmpersandAmpersandToken,
  SyntaxKind.BarBarToken,
  SyntaxKind.QuestionQuestionToken,
]);

/**
 * An effect whose value the code reads: journaled when its type is plain JSON, or cannot be read (the runtime's step
 * refuses a value JSON cannot carry, see JournalStep.unchecked); else the site is for review.
 */
function value(expression: Node, statement: Node, walk: Walk): void {
  if (walk.leadsToAsk(expression)) return;
  if (walk.unbounded) return unbounded(expression, statement, walk);
  const where = `\`${oneLine(expression.getText(), 60)}\` at ${walk.project.relative(expression.getSourceFile().getFilePath())}:${walk.project.userLine(expression)}`;
  const type = journalTypeOf(expression, walk.project);
  // Over stdio a large state goes between the server and its one client, no HTTP body limit on the way: journaled.
  if (type.kind === 'large' && !servedOverStdioOnly(walk.project)) {
    walk.problem = {
      reason: 'replay-journal-unbounded',
      detail: `${where} gives ${type.why}, which may not fit in the ${JOURNAL_BUDGET} journal`,
    };
  } else if (type.kind === 'not' && !servedOverStdioOnly(walk.project)) {
    walk.problem = { reason: 'replay-effect-not-journalable', detail: `${where} gives ${type.why}` };
  } else if (type.promise && !Node.isAwaitExpression(expression)) {
    walk.problem = { reason: 'replay-effect-not-journalable', detail: `${where} is a promise the code awaits later` };
  } else if (!isAsync(walk.fn)) {
    walk.problem = {
      reason: 'replay-effect-not-journalable',
      detail: `${where} is in a function that is not async, where a step cannot be awaited`,
    };
  } else
    walk.steps.push({
      statement,
      expression,
      discard: false,
      sync: false,
      ...(type.kind === 'unknown' ? { unchecked: type.why } : {}),
      ...(type.kind === 'not' ? { kept: type.why } : {}),
      ...(type.kind === 'large' ? { large: type.why } : {}),
    });
}

/**
 * Names of the SDK's HTTP transports and handlers (v1 and v2), and of the hosts that serve a server over HTTP: a
 * project that mentions none, and serves over stdio itself (STDIO_SERVING), is served over stdio only, where every
 * round of a request comes back to the same process. A project that only exports its server (a host elsewhere may
 * serve it over HTTP) is not.
 */
const HTTP_SERVING = [
  'StreamableHTTPServerTransport',
  'NodeStreamableHTTPServerTransport',
  'WebStandardStreamableHTTPServerTransport',
  'SSEServerTransport',
  'createMcpHandler',
  'createMcpExpressApp',
  'createMcpHonoApp',
  'McpAgent',
];
const STDIO_SERVING = ['StdioServerTransport', 'serveStdio'];
const stdioOnly = new WeakMap<AnalysisProject, boolean>();

/** Whether the run serves its server over stdio and no file of it over HTTP (see HTTP_SERVING). */
export function servedOverStdioOnly(project: AnalysisProject): boolean {
  let answer = stdioOnly.get(project);
  if (answer === undefined)
    stdioOnly.set(
      project,
      (answer =
        STDIO_SERVING.some((name) => project.mentions(name)) && !HTTP_SERVING.some((name) => project.mentions(name))),
    );
  return answer;
}

function unbounded(expression: Node, statement: Node, walk: Walk): void {
  walk.problem = {
    reason: 'replay-journal-unbounded',
    detail: `\`${oneLine(expression.getText(), 60)}\` at ${walk.project.relative(statement.getSourceFile().getFilePath())}:${walk.project.userLine(expression)} runs in ${walk.unbounded}: each iteration would add an entry to the ${JOURNAL_BUDGET} journal`,
  };
}

function isAsync(fn: FunctionNode): boolean {
  return (fn as { isAsync?(): boolean }).isAsync?.() === true;
}

/**
 * Whether code after a call (in its function: later statements, or the next iteration of a loop) leads to an ask.
 * Not past a `return` or `throw` that ends the path from the call (`return await handler.handleCall(name, args)`, a
 * block that ends in one), when no `break` or `continue` on the way may leave first and no `catch` or `finally`
 * around it asks: a dispatcher's later branches (`if (name.startsWith('billing_')) return ...; if (...) return ...`)
 * do not run after the one that returned.
 */
function asksAfter(call: Node, leadsToAsk: (node: Node) => boolean): boolean {
  const fn = enclosingFunction(call);
  let jumps = false;
  const ends = (node: Node) => !jumps && !handlersAsk(node, fn, leadsToAsk);
  for (let current: Node = call; current !== fn && current.getParent(); current = current.getParentOrThrow()) {
    if ((Node.isReturnStatement(current) || Node.isThrowStatement(current)) && ends(current)) return false;
    const parent = current.getParentOrThrow();
    if (isIteration(parent) && parent.getStatement() === current) return true;
    if (Node.isBlock(parent) || Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
      const statements = parent.getStatements();
      const after = statements.slice(statements.indexOf(current as never) + 1);
      if (after.some(leadsToAsk)) return true;
      jumps ||= [current, ...after].some(jumpsOut);
      const last = statements.at(-1);
      if (last && (Node.isReturnStatement(last) || Node.isThrowStatement(last)) && ends(parent)) return false;
    }
  }
  return false;
}

/** A `break` or `continue` in the statement (outside the functions written in it). */
function jumpsOut(statement: Node): boolean {
  if (Node.isBreakStatement(statement) || Node.isContinueStatement(statement)) return true;
  return [
    ...statement.getDescendantsOfKind(SyntaxKind.BreakStatement),
    ...statement.getDescendantsOfKind(SyntaxKind.ContinueStatement),
  ].some((jump) => enclosingFunction(jump) === enclosingFunction(statement));
}

/** A `catch` or `finally` block around the node (in its function) that leads to an ask. */
function handlersAsk(node: Node, fn: Node | undefined, leadsToAsk: (node: Node) => boolean): boolean {
  for (const statement of node.getAncestors()) {
    if (statement === fn) break;
    if (!Node.isTryStatement(statement)) continue;
    const blocks = [statement.getCatchClause()?.getBlock(), statement.getFinallyBlock()];
    if (blocks.some((block) => block && !block.containsRange(node.getPos(), node.getEnd()) && leadsToAsk(block)))
      return true;
  }
  return false;
}
