import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Block } from 'ts-morph';
import { unwrap } from '../analyse/symbols.js';
import type { Ask } from './asks.js';
import { isExitOnlyBranch } from './beforeAsk.js';
import { carriedValueOf, type CarriedLocal } from './carriedValue.js';
import type { Review } from './review.js';
import type { Point, StepLayout } from './stepLayout.js';

// The locals of a step function: what each step restores from requestState and what it computes again.

/** A local declared in the code the step blocks replace. */
export interface Declaration {
  id: Node;
  keyword: CarriedLocal['keyword'];
  /** The ask whose answer it binds. */
  ask?: Ask;
  /** The block it is visible in: the handler body, or the then-block of an `if` holding asks. */
  scope: Node;
}

/**
 * Every local declared in the moved code, where it may travel in requestState; or why the code cannot move:
 * a function or class declared before an ask and used after it (code does not travel in requestState).
 */
export function declarationsIn(
  layout: StepLayout,
  statements: Node[],
  asks: Ask[],
  body: Block,
): Declaration[] | Review {
  // Every local declared before a resume point, visible there and used at or after it, travels to that step.
  const declarations: Declaration[] = [];
  const declare = (statement: Node, scope: Node) => {
    if (Node.isVariableStatement(statement)) {
      const keyword = statement.getDeclarationKind() as CarriedLocal['keyword'];
      const index = statements.indexOf(statement);
      for (const d of statement.getDeclarations())
        for (const id of identifiersIn(d.getNameNode()))
          declarations.push({ id, keyword, ...(index >= 0 ? { ask: asks[index]! } : {}), scope });
    }
  };
  for (const statement of layout.moved) {
    declare(statement, body);
    if (Node.isIfStatement(statement) && layout.joinOf.has(statement))
      for (const inner of (statement.getThenStatement() as Block).getStatements())
        declare(inner, statement.getThenStatement());
    if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.getNameNode()) {
      const name = statement.getNameNode()!;
      if (usedFrom(name, layout.lastReplaced.getStart()))
        return {
          kind: 'review',
          reason: 'unserializable-state',
          detail: `\`${name.getText()}\` is declared before an ask and used after it`,
        };
    }
  }
  return declarations;
}

/** What the step at a point restores from requestState and the pure statements it runs again; or why a local cannot travel. */
export function stateAt(
  point: Point,
  layout: StepLayout,
  declarations: Declaration[],
  asks: Ask[],
  body: Block,
): { carried: CarriedLocal[]; replay: Set<Node> } | Review {
  const visible = declarations.filter(
    (d) =>
      d.id.getStart() < point.anchor &&
      (d.scope === body || (point.ask !== undefined && d.scope === point.branch?.getThenStatement())),
  );
  const guards = layout.moved
    .flatMap((s) =>
      Node.isIfStatement(s) && layout.joinOf.has(s) ? [s, ...(s.getThenStatement() as Block).getStatements()] : [s],
    )
    .filter(
      (s) =>
        isExitOnlyBranch(s, layout.allowed) &&
        !layout.pointStatements.has(s) &&
        s.getEnd() <= point.anchor &&
        (s.getParent() === body || (point.ask !== undefined && s.getParent() === point.branch?.getThenStatement())),
    );
  // What the step needs: the locals used from here on, and (closing over them) what their pure declarations
  // and the checks that narrowed them read. Pure `const`s are computed again; the rest is carried.
  const needed = new Set(
    visible.filter(
      (d) => !(d.ask && point.ask !== undefined && d.ask === asks[point.ask]) && usedFrom(d.id, point.anchor),
    ),
  );
  const replay = new Set<Node>();
  const readsOf = (statement: Node) =>
    visible.filter((d) =>
      statement
        .getDescendantsOfKind(SyntaxKind.Identifier)
        .some((ref) => ref !== d.id && ref.getText() === d.id.getText() && isReferenceTo(ref, d.id.getSymbol()!)),
    );
  for (let changed = true; changed;) {
    changed = false;
    for (const local of [...needed]) {
      const statement = layout.statementOfDeclaration(local.id);
      if (!layout.isPureConst(statement) || replay.has(statement)) continue;
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
  for (const local of visible.filter((d) => needed.has(d) && !replay.has(layout.statementOfDeclaration(d.id)))) {
    const value = carriedValueOf(local.id, local.keyword, local.ask, body);
    if ('unsafe' in value) return { kind: 'review', reason: 'unserializable-state', detail: value.unsafe };
    carried.push(value);
  }
  return { carried, replay };
}

/** The identifiers a binding name declares (`x`, `{ a, b: c }`, `[d, ...e]`). */
function identifiersIn(name: Node): Node[] {
  if (Node.isIdentifier(name)) return [name];
  return name
    .getDescendantsOfKind(SyntaxKind.BindingElement)
    .map((e) => e.getNameNode())
    .filter((n) => Node.isIdentifier(n));
}

export function namesIn(name: Node): string[] {
  return identifiersIn(name).map((n) => n.getText());
}

/** Whether the statement assigns to one of the names (`x = ...`, `x += ...`, `x++`). */
export function assignsTo(statement: Node, names: string[]): boolean {
  return statement.getDescendants().some((node) => {
    if (
      Node.isBinaryExpression(node) &&
      /=$/.test(node.getOperatorToken().getText()) &&
      !/[=!<>]=$/.test(node.getOperatorToken().getText())
    ) {
      return names.includes(unwrap(node.getLeft()).getText());
    }
    if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
      const op = node.getOperatorToken();
      return (
        (op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken) &&
        names.includes(node.getOperand().getText())
      );
    }
    return false;
  });
}

/** Whether the local declared by `id` is referenced at or after `position` (in its own function). */
function usedFrom(id: Node, position: number): boolean {
  const symbol = id.getSymbol();
  if (!symbol) return true;
  const scope =
    id.getFirstAncestor((a) => Node.isBlock(a) && !!a.getParent() && !Node.isBlock(a.getParent()!)) ??
    id.getSourceFile();
  return scope
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some(
      (ref) => ref !== id && ref.getStart() >= position && ref.getText() === id.getText() && isReferenceTo(ref, symbol),
    );
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
