import { Node } from '../../../lib/tsMorph.cjs';
import type { Block, IfStatement } from 'ts-morph';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { isExitOnlyBranch } from './beforeAsk.js';

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

/** A resume point: an ask (in the body, or in the then-block of a body-level `if`), or the join after such an `if`. */
export interface Point {
  ask?: number;
  /** For an ask in a branch, and for a join: the `if` statement. */
  branch?: IfStatement;
  /** Where the carried locals are measured from: the ask statement's start, or the end of the `if`. */
  anchor: number;
}

/**
 * The shape of a handler's step function: where it resumes (each ask, and the join after an `if` whose
 * then-block asks), which body statements the step blocks replace, and what each step runs until the next.
 */
export class StepLayout {
  /** The resume points in order: body-level asks, the asks of a branch then the join after it. */
  readonly points: Point[] = [];
  /** The step that resumes after each `if` holding asks (its point's index). */
  readonly joinOf = new Map<IfStatement, number>();
  /** The body statements holding an ask: the ask's own statement, or the `if` around it. */
  readonly pointStatements: Set<Node>;
  /** Where the step blocks start: the pure statements that open the body stay where they are. */
  readonly prefixEnd: number;
  /** The first body statement the step blocks replace. */
  readonly firstReplaced: Node;
  /** The last body statement the step blocks replace (an ask, or an `if` holding asks). */
  readonly lastReplaced: Node;
  /** Whether a start step runs the code before the first ask (a step of its own). */
  readonly hasStart: boolean;
  /** The body statements the step blocks replace, from the first to the last. */
  readonly moved: Node[];
  private readonly pointOfAsk = new Map<number, number>();
  private readonly top: Node[];

  constructor(
    private readonly body: Block,
    /** The statement of each ask, in order. */
    private readonly statements: Node[],
    branchOf: (statement: Node) => IfStatement | undefined,
    /** Nodes that may run again although they are calls (the capability reads). */
    readonly allowed: ReadonlySet<Node>,
  ) {
    const top = body.getStatements();
    this.top = top;
    for (const statement of top) {
      const index = statements.indexOf(statement);
      if (index >= 0) {
        this.pointOfAsk.set(index, this.points.length);
        this.points.push({ ask: index, anchor: statement.getStart() });
        continue;
      }
      const inBranch = statements.map((s, i) => (branchOf(s) === statement ? i : -1)).filter((i) => i >= 0);
      if (inBranch.length === 0) continue;
      const branch = statement as IfStatement;
      for (const i of inBranch) {
        this.pointOfAsk.set(i, this.points.length);
        this.points.push({ ask: i, branch, anchor: statements[i]!.getStart() });
      }
      this.joinOf.set(branch, this.points.length);
      this.points.push({ branch, anchor: branch.getEnd() });
    }
    this.pointStatements = new Set<Node>(
      statements.map((s) => (s.getParent() === body ? s : s.getParent()!.getParent()!)),
    );
    // The pure statements that open the body stay where they are: they run on every round, as before the ask.
    let prefixEnd = 0;
    while (prefixEnd < top.length && this.isPure(top[prefixEnd]!)) prefixEnd++;
    this.prefixEnd = prefixEnd;
    this.firstReplaced = top[prefixEnd]!;
    this.hasStart = statements[0]!.getParent() !== body || top.indexOf(statements[0] as never) > prefixEnd;
    this.lastReplaced = this.statementOfPoint(this.points[this.points.length - 1]!);
    this.moved = top.slice(prefixEnd, top.indexOf(this.lastReplaced as never) + 1);
  }

  /** Pure `const` declarations: they may run again (same inputs, same values). */
  isPureConst(s: Node): boolean {
    return (
      Node.isVariableStatement(s) &&
      s.getDeclarationKind() === 'const' &&
      !this.statements.includes(s) &&
      s.getDeclarations().every((d) => isReplaySafeExpression(d.getInitializer(), this.allowed))
    );
  }

  /** Pure `const` declarations and `if (...) return` checks that hold no ask. */
  isPure(s: Node): boolean {
    return !this.pointStatements.has(s) && (this.isPureConst(s) || isExitOnlyBranch(s, this.allowed));
  }

  /** The index of a point's step (the start step, when there is one, comes first). */
  stepIndexOfPoint(p: number): number {
    return p + (this.hasStart ? 1 : 0);
  }

  /** The body statement of a point: its ask's, or its `if`. */
  statementOfPoint(point: Point): Node {
    return point.ask !== undefined && !point.branch ? this.statements[point.ask]! : point.branch!;
  }

  /** The body statement (or statement of a then-block holding asks) that declares a local. */
  statementOfDeclaration(id: Node): Node {
    return id.getFirstAncestor((a) => {
      const parent = a.getParent();
      return (
        parent === this.body || (!!parent && Node.isBlock(parent) && this.joinOf.has(parent.getParent() as IfStatement))
      );
    })!;
  }

  /** The body statements after `from` up to the next resume point, and where they lead. */
  fromBody(from: number): Continuation {
    const following = this.top.slice(from);
    const nextIndex = following.findIndex((s) => this.points.some((p) => this.statementOfPoint(p) === s));
    if (nextIndex < 0) return { kind: 'rest' };
    const next = following[nextIndex]!;
    const between = following.slice(0, nextIndex);
    const askIndex = this.statements.indexOf(next);
    if (askIndex >= 0)
      return { kind: 'statements', statements: between, to: this.stepIndexOfPoint(this.pointOfAsk.get(askIndex)!) };
    const branch = next as IfStatement;
    const first = this.points.findIndex((p) => p.branch === branch);
    const thenStatements = (branch.getThenStatement() as Block).getStatements();
    const preAsk = thenStatements.slice(0, thenStatements.indexOf(this.statements[this.points[first]!.ask!] as never));
    return {
      kind: 'branch',
      statements: between,
      branch,
      preAsk,
      to: this.stepIndexOfPoint(first),
      join: this.stepIndexOfPoint(this.joinOf.get(branch)!),
    };
  }

  /** What the step of a point runs after its ask (or on entry, for a join) until the next step. */
  continuationOf(point: Point): Continuation {
    if (point.ask !== undefined && point.branch) {
      const thenStatements = (point.branch.getThenStatement() as Block).getStatements();
      const after = thenStatements.slice(thenStatements.indexOf(this.statements[point.ask] as never) + 1);
      const nextAsk = after.findIndex((s) => this.statements.includes(s));
      if (nextAsk >= 0)
        return {
          kind: 'statements',
          statements: after.slice(0, nextAsk),
          to: this.stepIndexOfPoint(this.pointOfAsk.get(this.statements.indexOf(after[nextAsk]!))!),
        };
      return { kind: 'statements', statements: after, to: this.stepIndexOfPoint(this.joinOf.get(point.branch)!) };
    }
    return this.fromBody(this.top.indexOf(this.statementOfPoint(point) as never) + 1);
  }
}
