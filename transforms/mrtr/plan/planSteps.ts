import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Block, IfStatement } from 'ts-morph';
import { builderOf, paramsOf, type Builder } from '../analyse/askCall.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import type { FunctionNode } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import { contextOf, handlerOf, isDirectAsk, type HandlerContext, type HandlerSite } from '../analyse/handlerSite.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { statementOf } from '../analyse/statements.js';
import { unwrap } from '../analyse/symbols.js';
import { asksOf, bindingOf, singleBlockSampling, type Ask, type Binding } from './asks.js';
import { capabilityReadsIn, isExitOnlyBranch } from './beforeAsk.js';
import { wiringOf, type ServerWiring } from './planWiring.js';
import type { Review } from './review.js';

/** A local that is live across an ask: it travels in requestState and is restored on the round that resumes there. */
export interface CarriedLocal {
  name: string;
  keyword: 'const' | 'let' | 'var';
  /** Its TypeScript type as carried (the state type's member). */
  type: string;
  /** A Date travels as its ISO string and is revived with `new Date(...)`. */
  date: boolean;
  /** Computed by the server (not an answer, an argument or a literal): the client can read it in the signed state. */
  serverSide: boolean;
}

/** What a step runs after its ask (or on entry, for the start and join steps) until the next step. */
export type Continuation =
  /** These statements, then move to step `to`. */
  | { kind: 'statements'; statements: Node[]; to: number }
  /**
   * These statements, then the `if` whose then-block asks: its condition decides between entering the branch
   * (`preAsk` runs, then step `to`) and the else branch (kept as written, then the join step after the `if`).
   */
  | { kind: 'branch'; statements: Node[]; branch: IfStatement; preAsk: Node[]; to: number; join: number }
  /** The last step: the rest of the handler, left where it is. */
  | { kind: 'rest' };

export interface Step {
  /** `<prefix>:<ask key>`, `<prefix>:start`, or `<prefix>:after_<ask key>` for the join after a branch. */
  name: string;
  ask?: Ask;
  /** The locals restored on entry (saved by the step that moves here): answers and results of code with effects. */
  carried: CarriedLocal[];
  /**
   * Pure statements of earlier steps run again on entry: `const` declarations whose values the step needs,
   * and the `if (...) return` checks that narrowed them (same inputs, same outcome), so only answers and
   * results of code with effects travel in the state.
   */
  replay: Node[];
  next: Continuation;
}

/**
 * A handler whose asks depend on each other (or follow code with effects): a step function. Each ask is a
 * round of its own; the handler resumes at the step named in the verified requestState, where the locals
 * live across that ask (and every earlier answer) are restored. Code between asks runs exactly once.
 */
export interface StepsPlan {
  steps: Step[];
  asks: Ask[];
  /** The statement of each ask, in order. */
  statements: Node[];
  /** The first body statement the step blocks replace: the pure statements before it stay in place and run on every round. */
  firstReplaced: Node;
  /** The last body statement the step blocks replace (an ask, or an `if` holding asks); what follows stays in place. */
  lastReplaced: Node;
  handler: FunctionNode;
  registration: Registration;
  mcpReq: string;
  addContext?: HandlerContext['addContext'];
  capabilityReads: Node[];
  /** What a reviewer should know about this handler's state. */
  notes: string[];
  /** Step names are `<prefix>:<name>`: unique per server, so a state minted for one handler never resumes another. */
  stepPrefix: string;
  wiring: ServerWiring;
}

export type StepsVerdict = { kind: 'steps'; plan: StepsPlan } | Review;

/** Types whose values do not survive JSON.stringify/parse (a Date is converted instead). */
const UNSERIALIZABLE_TYPE = /\b(Map|Set|WeakMap|WeakSet|WeakRef|bigint|BigInt|symbol|Symbol|Function|RegExp|Promise|Error|Buffer|Uint8Array|ArrayBuffer)\b|=>/;
// The rebuilt answers' types: a sampling answer may be a tool-use result (`inputResponse` types it so too).
const RESULT_TYPE = { elicit: 'ElicitResult', elicitUrl: 'ElicitResult', createMessage: '(CreateMessageResult | CreateMessageResultWithTools)', listRoots: 'ListRootsResult' } as const;

/** A resume point: an ask (in the body, or in the then-block of a body-level `if`), or the join after such an `if`. */
interface Point {
  ask?: number;
  /** For an ask in a branch, and for a join: the `if` statement. */
  branch?: IfStatement;
  /** Where the carried locals are measured from: the ask statement's start, or the end of the `if`. */
  anchor: number;
}

/**
 * Can a handler's asks become a step function? v2 asks written as statements (each `const x = await ask(...)`
 * or `await ask(...)`) of the handler body, or of the then-block of an `if` in the body (not in an else);
 * outside try/catch, loops and races; each ask's parameters must be safe to evaluate again (a retry without
 * the answer asks again); every carried local must survive JSON; and the server construction must be in the
 * handler's file, to wire the codec.
 */
export function planSteps(sites: HandlerSite[], analysis: MrtrAnalysis): StepsVerdict | undefined {
  if (sites.some(({ call }) => call.sdk !== 'v2' || call.reason)) return undefined;
  const ordered = [...sites].sort((a, b) => a.call.node.getStart() - b.call.node.getStart());
  const methods = ordered.map(({ call }) => call.form.split('.').pop() ?? '');
  const builders = ordered.map(({ call }, i) => builderOf(call, methods[i]!));
  if (builders.some((b) => !b)) return undefined;
  const registration = ordered[0]!.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !ordered.every(isDirectAsk)) return { kind: 'review', reason: 'ask-in-helper' };
  const fn = handler as FunctionNode;
  const body = fn.getBody?.();
  if (!body || !Node.isBlock(body)) return { kind: 'review', reason: 'ask-not-statement' };
  if (ordered.some(({ guards }) => guards.some((g) => g !== 'capability-check'))) return { kind: 'review', reason: 'guarded-ask' };
  const top = body.getStatements();
  const statements = ordered.map(({ call }) => statementOf(call.node));
  if (new Set(statements).size !== statements.length) return { kind: 'review', reason: 'ask-not-statement' };
  // Each ask is a body statement, or a statement of the then-block of a body-level `if`.
  const branchOf = (statement: Node): IfStatement | undefined => {
    const block = statement.getParent();
    const branch = block?.getParent();
    return block && Node.isBlock(block) && branch && Node.isIfStatement(branch) && branch.getThenStatement() === block && branch.getParent() === body ? branch : undefined;
  };
  if (statements.some((s) => s.getParent() !== body && !branchOf(s))) return { kind: 'review', reason: 'ask-not-statement' };
  const bindings = ordered.map(({ call }, i) => bindingOf(statements[i]!, call.node, analysis));
  if (bindings.some((b) => b === null)) return { kind: 'review', reason: 'ask-not-statement' };
  const params = ordered.map(({ call }, i) => paramsOf(call, methods[i]!));
  // A retry without the answer asks again: the question must come out the same.
  if (!params.every((p) => isReplaySafeExpression(p))) return { kind: 'review', reason: 'repeated-effects' };
  const context = contextOf(fn, analysis);
  if (!context || !/\.mcpReq$/.test(context.mcpReq)) return { kind: 'review', reason: 'ask-not-statement' };

  // `const { roots } = await ...`: a pattern of one name names the answer as well as a plain binding does.
  const patternKey = (binding: Binding | undefined) => {
    const names = binding?.pattern ? (binding.name.match(/[A-Za-z_$][\w$]*/g) ?? []) : [];
    return binding?.pattern ? (names.length === 1 ? names[0] : undefined) : binding?.name;
  };
  const asks = asksOf(ordered.map((s) => s.call), builders as Builder[], params, bindings.map((b) => b ?? undefined), registration, patternKey);
  if ('reason' in asks) return asks;

  // The resume points in order: body-level asks, the asks of a branch then the join after it.
  const points: Point[] = [];
  const pointOfAsk = new Map<number, number>();
  const joinOf = new Map<IfStatement, number>();
  for (const statement of top) {
    const index = statements.indexOf(statement);
    if (index >= 0) {
      pointOfAsk.set(index, points.length);
      points.push({ ask: index, anchor: statement.getStart() });
      continue;
    }
    const inBranch = statements.map((s, i) => (branchOf(s) === statement ? i : -1)).filter((i) => i >= 0);
    if (inBranch.length === 0) continue;
    const branch = statement as IfStatement;
    for (const i of inBranch) {
      pointOfAsk.set(i, points.length);
      points.push({ ask: i, branch, anchor: statements[i]!.getStart() });
    }
    joinOf.set(branch, points.length);
    points.push({ branch, anchor: branch.getEnd() });
  }
  const capabilityReads = capabilityReadsIn(top, analysis);
  if (capabilityReads === null) return { kind: 'review', reason: 'guarded-ask' };
  const allowed = new Set<Node>(capabilityReads);
  const pointStatements = new Set<Node>(statements.map((s) => (s.getParent() === body ? s : s.getParent()!.getParent()!)));
  // Pure `const` declarations and `if (...) return` checks: they may run again (same inputs, same values).
  const isPureConst = (s: Node) =>
    Node.isVariableStatement(s) && s.getDeclarationKind() === 'const' && !statements.includes(s) && s.getDeclarations().every((d) => isReplaySafeExpression(d.getInitializer(), allowed));
  const isPure = (s: Node) => !pointStatements.has(s) && (isPureConst(s) || isExitOnlyBranch(s, allowed));
  // The pure statements that open the body stay where they are: they run on every round, as before the ask.
  let prefixEnd = 0;
  while (prefixEnd < top.length && isPure(top[prefixEnd]!)) prefixEnd++;
  const firstReplaced = top[prefixEnd]!;
  const hasStart = statements[0]!.getParent() !== body || top.indexOf(statements[0] as never) > prefixEnd;
  const offset = hasStart ? 1 : 0;
  const stepIndexOfPoint = (p: number) => p + offset;
  const statementOfPoint = (point: Point): Node => (point.ask !== undefined && !point.branch ? statements[point.ask]! : point.branch!);

  // The body statements after `from` up to the next resume point, and where they lead.
  const fromBody = (from: number): Continuation => {
    const following = top.slice(from);
    const nextIndex = following.findIndex((s) => points.some((p) => statementOfPoint(p) === s));
    if (nextIndex < 0) return { kind: 'rest' };
    const next = following[nextIndex]!;
    const between = following.slice(0, nextIndex);
    const askIndex = statements.indexOf(next);
    if (askIndex >= 0) return { kind: 'statements', statements: between, to: stepIndexOfPoint(pointOfAsk.get(askIndex)!) };
    const branch = next as IfStatement;
    const first = points.findIndex((p) => p.branch === branch);
    const thenStatements = (branch.getThenStatement() as Block).getStatements();
    const preAsk = thenStatements.slice(0, thenStatements.indexOf(statements[points[first]!.ask!] as never));
    return { kind: 'branch', statements: between, branch, preAsk, to: stepIndexOfPoint(first), join: stepIndexOfPoint(joinOf.get(branch)!) };
  };
  const continuationOf = (point: Point): Continuation => {
    if (point.ask !== undefined && point.branch) {
      const thenStatements = (point.branch.getThenStatement() as Block).getStatements();
      const after = thenStatements.slice(thenStatements.indexOf(statements[point.ask] as never) + 1);
      const nextAsk = after.findIndex((s) => statements.includes(s));
      if (nextAsk >= 0) return { kind: 'statements', statements: after.slice(0, nextAsk), to: stepIndexOfPoint(pointOfAsk.get(statements.indexOf(after[nextAsk]!))!) };
      return { kind: 'statements', statements: after, to: stepIndexOfPoint(joinOf.get(point.branch)!) };
    }
    return fromBody(top.indexOf(statementOfPoint(point) as never) + 1);
  };

  // Moved code must not reassign a parameter (parameters are re-sent, not carried) or declare a function or
  // class that later steps use (code does not travel in requestState).
  const lastReplaced = statementOfPoint(points[points.length - 1]!);
  const moved = top.slice(prefixEnd, top.indexOf(lastReplaced as never) + 1);
  const parameterNames = fn.getParameters().flatMap((p) => namesIn((p as unknown as { getNameNode(): Node }).getNameNode()));
  if (moved.some((s) => assignsTo(s, parameterNames))) return { kind: 'review', reason: 'unserializable-state', detail: 'a handler parameter is reassigned before an ask' };

  // Every local declared before a resume point, visible there and used at or after it, travels to that step.
  const declarations: Array<{ id: Node; keyword: CarriedLocal['keyword']; ask?: Ask; scope: Node }> = [];
  const declare = (statement: Node, scope: Node) => {
    if (Node.isVariableStatement(statement)) {
      const keyword = statement.getDeclarationKind() as CarriedLocal['keyword'];
      const index = statements.indexOf(statement);
      for (const d of statement.getDeclarations()) for (const id of identifiersIn(d.getNameNode())) declarations.push({ id, keyword, ...(index >= 0 ? { ask: asks[index]! } : {}), scope });
    }
  };
  for (const statement of moved) {
    declare(statement, body);
    if (Node.isIfStatement(statement) && joinOf.has(statement)) for (const inner of (statement.getThenStatement() as Block).getStatements()) declare(inner, statement.getThenStatement());
    if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.getNameNode()) {
      const name = statement.getNameNode()!;
      if (usedFrom(name, lastReplaced.getStart())) return { kind: 'review', reason: 'unserializable-state', detail: `\`${name.getText()}\` is declared before an ask and used after it` };
    }
  }
  const steps: Step[] = [];
  if (hasStart) steps.push({ name: `${prefixOf(registration)}:start`, carried: [], replay: [], next: fromBody(prefixEnd) });
  const statementOfDeclaration = (id: Node) =>
    id.getFirstAncestor((a) => {
      const parent = a.getParent();
      return parent === body || (!!parent && Node.isBlock(parent) && joinOf.has(parent.getParent() as IfStatement));
    })!;
  for (const point of points) {
    const visible = declarations.filter((d) => d.id.getStart() < point.anchor && (d.scope === body || (point.ask !== undefined && d.scope === point.branch?.getThenStatement())));
    const guards = moved
      .flatMap((s) => (Node.isIfStatement(s) && joinOf.has(s) ? [s, ...(s.getThenStatement() as Block).getStatements()] : [s]))
      .filter((s) => isExitOnlyBranch(s, allowed) && !pointStatements.has(s) && s.getEnd() <= point.anchor && (s.getParent() === body || (point.ask !== undefined && s.getParent() === point.branch?.getThenStatement())));
    // What the step needs: the locals used from here on, and (closing over them) what their pure declarations
    // and the checks that narrowed them read. Pure `const`s are computed again; the rest is carried.
    const needed = new Set(visible.filter((d) => !(d.ask && point.ask !== undefined && d.ask === asks[point.ask]) && usedFrom(d.id, point.anchor)));
    const replay = new Set<Node>();
    const readsOf = (statement: Node) => visible.filter((d) => statement.getDescendantsOfKind(SyntaxKind.Identifier).some((ref) => ref !== d.id && ref.getText() === d.id.getText() && isReferenceTo(ref, d.id.getSymbol()!)));
    for (let changed = true; changed; ) {
      changed = false;
      for (const local of [...needed]) {
        const statement = statementOfDeclaration(local.id);
        if (!isPureConst(statement) || replay.has(statement)) continue;
        replay.add(statement);
        changed = true;
        for (const read of readsOf(statement)) needed.add(read);
      }
      for (const guard of guards) {
        const reads = readsOf(guard);
        if (replay.has(guard) || !reads.some((r) => needed.has(r))) continue;
        replay.add(guard);
        changed = true;
        for (const read of reads) needed.add(read);
      }
    }
    const carried: CarriedLocal[] = [];
    for (const local of visible.filter((d) => needed.has(d) && !replay.has(statementOfDeclaration(d.id)))) {
      const value = carriedValueOf(local.id, local.keyword, local.ask, analysis, body);
      if ('unsafe' in value) return { kind: 'review', reason: 'unserializable-state', detail: value.unsafe };
      carried.push(value);
    }
    const name = point.ask !== undefined ? asks[point.ask]!.key : `after_${asks[points.find((p) => p.branch === point.branch && p.ask !== undefined)!.ask!]!.key}`;
    const replayed = [...replay].sort((a, b) => a.getStart() - b.getStart());
    steps.push({ name: `${prefixOf(registration)}:${name}`, ...(point.ask !== undefined ? { ask: asks[point.ask]! } : {}), carried, replay: replayed, next: continuationOf(point) });
  }
  const wiring = wiringOf(registration, analysis);
  if (!wiring || 'detail' in wiring) return { kind: 'review', reason: 'state-codec-unwired', ...(wiring ? { detail: wiring.detail } : {}) };
  // The SDK codec signs but does not encrypt: values the server computed become readable by the client.
  const serverSide = [...new Set(steps.flatMap((st) => st.carried).filter((c) => c.serverSide).map((c) => `\`${c.name}\``))];
  const notes = serverSide.length > 0 ? [`requestState carries server-computed ${serverSide.join(', ')}: signed, not encrypted, so the client can read ${serverSide.length === 1 ? 'it' : 'them'}; check that nothing secret is among them`] : [];
  return {
    kind: 'steps',
    plan: { notes, steps, asks, statements, firstReplaced, lastReplaced, handler: fn, registration, ...context, capabilityReads, stepPrefix: prefixOf(registration), wiring },
  };
}

function prefixOf(registration: Registration): string {
  return registration.name.replace(/[^A-Za-z0-9_.-]+/g, '_');
}

/** The identifiers a binding name declares (`x`, `{ a, b: c }`, `[d, ...e]`). */
function identifiersIn(name: Node): Node[] {
  if (Node.isIdentifier(name)) return [name];
  return name.getDescendantsOfKind(SyntaxKind.BindingElement).map((e) => e.getNameNode()).filter((n) => Node.isIdentifier(n));
}

function namesIn(name: Node): string[] {
  return identifiersIn(name).map((n) => n.getText());
}

/** Whether the statement assigns to one of the names (`x = ...`, `x += ...`, `x++`). */
function assignsTo(statement: Node, names: string[]): boolean {
  return statement.getDescendants().some((node) => {
    if (Node.isBinaryExpression(node) && /=$/.test(node.getOperatorToken().getText()) && !/[=!<>]=$/.test(node.getOperatorToken().getText())) {
      return names.includes(unwrap(node.getLeft()).getText());
    }
    if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
      const op = node.getOperatorToken();
      return (op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken) && names.includes(node.getOperand().getText());
    }
    return false;
  });
}

/** Whether the local declared by `id` is referenced at or after `position` (in its own function). */
function usedFrom(id: Node, position: number): boolean {
  const symbol = id.getSymbol();
  if (!symbol) return true;
  const scope = id.getFirstAncestor((a) => Node.isBlock(a) && !!a.getParent() && !Node.isBlock(a.getParent()!)) ?? id.getSourceFile();
  return scope
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((ref) => ref !== id && ref.getStart() >= position && ref.getText() === id.getText() && isReferenceTo(ref, symbol));
}

function isReferenceTo(ref: Node, symbol: import('ts-morph').Symbol): boolean {
  const parent = ref.getParent();
  // `{ name }` shorthand refers to the local; `obj.name` and `{ name: v }` keys do not.
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) return false;
  if (parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === ref) return false;
  if (parent && Node.isShorthandPropertyAssignment(parent)) {
    return parent.getSymbol() === symbol || ref.getSymbol() === symbol || ref.getText() === symbol.getName();
  }
  return ref.getSymbol() === symbol;
}

/**
 * How a carried local crosses JSON: its type for the state, whether it is a Date (converted), whether the
 * server computed it; or why it cannot travel (Map, Set, class instances, functions, bigint...).
 */
function carriedValueOf(
  id: Node,
  keyword: CarriedLocal['keyword'],
  ask: Ask | undefined,
  analysis: MrtrAnalysis,
  body: Node,
): CarriedLocal | { unsafe: string } {
  const name = id.getText();
  const base = { name, keyword, date: false };
  if (ask) {
    // An answer: the rebuilt old result (plain JSON, from the client).
    // A low-level createMessage without tools answered one content block: the old type (see answerValue).
    const type = ask.builder === 'createMessage' && singleBlockSampling(ask) ? 'CreateMessageResult' : RESULT_TYPE[ask.builder];
    const member = Node.isIdentifier(id) && ask.binding?.pattern ? elementPath(id) : undefined;
    return { ...base, type: member ? `${type}${member}` : type, serverSide: false };
  }
  const declaration = id.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  const whole = declaration?.getNameNode() === id;
  const init = declaration?.getInitializer();
  const typeNode = whole ? declaration?.getTypeNode() : undefined;
  const serverSide = !!init && !isReplaySafeExpression(init);
  const value = init && whole ? stripAwait(init) : undefined;
  if (value) {
    if (Node.isNewExpression(value)) {
      const callee = value.getExpression().getText();
      if (callee === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
      return { unsafe: `\`${name}\` holds a \`new ${callee}\`, which does not survive JSON in requestState` };
    }
    if (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isClassExpression(value)) return { unsafe: `\`${name}\` holds a function, which cannot travel in requestState` };
    if (value.getKind() === SyntaxKind.BigIntLiteral || Node.isRegularExpressionLiteral(value)) return { unsafe: `\`${name}\` holds a value JSON cannot carry` };
    if (Node.isCallExpression(value) && ['BigInt', 'Symbol'].includes(value.getExpression().getText())) return { unsafe: `\`${name}\` holds a ${value.getExpression().getText()}, which JSON cannot carry` };
  }
  if (typeNode) {
    const text = typeNode.getText();
    if (text === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text)) return { unsafe: `\`${name}\` is typed \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  // `x as T`: the code already names the type.
  const asserted = init && whole && Node.isAsExpression(init) && init.getTypeNode()?.getText() !== 'const' ? init.getTypeNode()?.getText() : undefined;
  if (asserted) {
    if (UNSERIALIZABLE_TYPE.test(asserted) || /\bDate\b/.test(asserted)) return { unsafe: `\`${name}\` is a \`${asserted}\`, which does not survive JSON in requestState` };
    return { ...base, type: asserted, serverSide };
  }
  const shaped = value ? primitiveTypeOf(value) : undefined;
  if (shaped) return { ...base, type: shaped, serverSide };
  const type = id.getType();
  const checked = type.isLiteral() ? type.getBaseTypeOfLiteralType() : type;
  const text = checked.getText(id);
  const resolved = !checked.isAny() && !checked.isUnknown() && !/\bany\b|import\(|typeof /.test(text);
  if (resolved) {
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text)) return { unsafe: `\`${name}\` is a \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  // No type to read (the call's declaration is not analysed): the value's later uses must be plain data reads.
  const usedAsObject = body
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((ref) => ref !== id && ref.getText() === name && ref.getSymbol() === id.getSymbol() && isMethodOrInstanceUse(ref));
  if (usedAsObject) return { unsafe: `\`${name}\` has methods called on it; a value from JSON in requestState would not have them` };
  const query = value ? typeQueryOf(value, body) : undefined;
  const awaited = !!init && Node.isAwaitExpression(init.getKind() === SyntaxKind.ParenthesizedExpression ? (init as import('ts-morph').ParenthesizedExpression).getExpression() : init);
  if (query) return { ...base, type: awaited ? `Awaited<${query}>` : query, serverSide };
  if (!id.getSourceFile().getFilePath().match(/\.(ts|tsx|mts|cts)$/)) return { ...base, type: 'unknown', serverSide };
  return { unsafe: `the type of \`${name}\` cannot be read from its initializer; annotate it (\`const ${name}: T = ...\`) so the state type can declare it` };
}

const STRING_METHODS = new Set(['toString', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'slice', 'substring', 'padStart', 'padEnd', 'replace', 'replaceAll', 'concat', 'join', 'toFixed', 'toISOString', 'normalize', 'repeat']);

/** The primitive type an initializer evidently has, without the checker (the analysis reads no lib typings). */
function primitiveTypeOf(node: Node): 'string' | 'number' | 'boolean' | undefined {
  const value = unwrap(node);
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value) || Node.isTemplateExpression(value)) return 'string';
  if (Node.isNumericLiteral(value)) return 'number';
  if (Node.isTrueLiteral(value) || Node.isFalseLiteral(value)) return 'boolean';
  if (Node.isPrefixUnaryExpression(value)) return value.getOperatorToken() === SyntaxKind.ExclamationToken ? 'boolean' : 'number';
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    const name = callee.getText();
    if (name === 'String' || name === 'JSON.stringify') return name === 'String' ? 'string' : undefined;
    if (name === 'Number' || name === 'parseInt' || name === 'parseFloat' || name === 'Date.now' || /^Math\.\w+$/.test(name)) return 'number';
    if (name === 'Boolean' || name === 'Array.isArray') return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && STRING_METHODS.has(callee.getName())) return 'string';
    if (Node.isPropertyAccessExpression(callee) && ['includes', 'startsWith', 'endsWith', 'has', 'some', 'every'].includes(callee.getName())) return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && ['indexOf', 'lastIndexOf', 'getTime'].includes(callee.getName())) return 'number';
    return undefined;
  }
  if (Node.isPropertyAccessExpression(value) && value.getName() === 'length') return 'number';
  if (Node.isConditionalExpression(value)) {
    const whenTrue = primitiveTypeOf(value.getWhenTrue());
    return whenTrue && whenTrue === primitiveTypeOf(value.getWhenFalse()) ? whenTrue : undefined;
  }
  if (Node.isBinaryExpression(value)) {
    const op = value.getOperatorToken().getKind();
    if ([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.ExclamationEqualsEqualsToken, SyntaxKind.EqualsEqualsToken, SyntaxKind.ExclamationEqualsToken, SyntaxKind.LessThanToken, SyntaxKind.GreaterThanToken, SyntaxKind.LessThanEqualsToken, SyntaxKind.GreaterThanEqualsToken, SyntaxKind.InKeyword, SyntaxKind.InstanceOfKeyword].includes(op)) return 'boolean';
    if ([SyntaxKind.MinusToken, SyntaxKind.AsteriskToken, SyntaxKind.SlashToken, SyntaxKind.PercentToken, SyntaxKind.AsteriskAsteriskToken].includes(op)) return 'number';
    if (op === SyntaxKind.PlusToken) {
      const left = primitiveTypeOf(value.getLeft());
      const right = primitiveTypeOf(value.getRight());
      if (left === 'string' || right === 'string') return 'string';
      if (left === 'number' && right === 'number') return 'number';
    }
  }
  return undefined;
}

/** `['content']['name']` for a name inside an object binding pattern (`const { content: { name } } = ...`). */
function elementPath(id: Node): string | undefined {
  const path: string[] = [];
  for (let element = id.getParent(); element && Node.isBindingElement(element); ) {
    const key = (element.getPropertyNameNode() ?? element.getNameNode()).getText();
    if (!Node.isObjectBindingPattern(element.getParent()!)) return undefined;
    path.unshift(`['${key}']`);
    const outer = element.getParent()!.getParent();
    element = outer && Node.isBindingElement(outer) ? outer : undefined;
  }
  return path.length > 0 ? path.join('') : undefined;
}

function stripAwait(node: Node): Node {
  const inner = unwrap(node);
  return Node.isAwaitExpression(inner) ? unwrap(inner.getExpression()) : inner;
}

/** `x.method(...)`, `x instanceof C`: uses a JSON copy could not serve. */
function isMethodOrInstanceUse(ref: Node): boolean {
  const parent = ref.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref) {
    const call = parent.getParent();
    return !!call && Node.isCallExpression(call) && call.getExpression() === parent;
  }
  return !!parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.InstanceOfKeyword;
}

/**
 * A type for the value of `node` written with type queries on names in scope at the top of the handler
 * (declared outside its body, or its parameters): `typeof config.limit`, `(typeof store.byId)[typeof id]`,
 * `ReturnType<typeof notes.get>`. The step function's state type is declared there.
 */
function typeQueryOf(node: Node, body: Node): string | undefined {
  const value = unwrap(node);
  const entity = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
  if ((Node.isIdentifier(value) || Node.isPropertyAccessExpression(value)) && entity.test(value.getText()) && declaredOutside(value, body)) return `typeof ${value.getText()}`;
  if (Node.isElementAccessExpression(value)) {
    const object = typeQueryOf(value.getExpression(), body);
    const key = value.getArgumentExpression();
    const index = !key ? undefined : Node.isStringLiteral(key) || Node.isNumericLiteral(key) ? key.getText() : typeQueryOf(key, body);
    return object && index ? `(${object})[${index}]` : undefined;
  }
  if (Node.isCallExpression(value) && value.getTypeArguments().length === 0) {
    const callee = value.getExpression();
    if (entity.test(callee.getText()) && declaredOutside(callee, body)) return `ReturnType<typeof ${callee.getText()}>`;
  }
  return undefined;
}

/** Whether the callee's root name is declared outside the handler body (so `typeof` can name it there). */
function declaredOutside(callee: Node, body: Node): boolean {
  const root = callee.getText().split('.')[0]!;
  const rootNode = callee.getFirstDescendant((d) => Node.isIdentifier(d) && d.getText() === root) ?? callee;
  const declarations = rootNode.getSymbol()?.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getStart() < body.getStart() || d.getStart() > body.getEnd());
}
