import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { TextEdit } from '../../../lib/edits.js';
import { enclosingFunction, oneLine } from '../analyse/functions.js';
import { styleOf } from '../rewrite/kit/codeText.js';
import type { JournalStep } from './journal.js';

interface Out {
  add(file: SourceFile, edit: TextEdit): void;
  nameIn(file: SourceFile, name: string): string;
}

/**
 * Each journaled effect wrapped in place, its own text kept inside: `const quote = await step('quotes.open', () =>
 * quotes.open(order));`. The label is the callee (`quotes.open`), numbered from the second effect of the same label
 * on (`quotes.open#2`), so that a path that goes another way never gets another step's record.
 */
export function stepEdits(all: Iterable<JournalStep[]>, out: Out): void {
  const unique = new Map<Node, JournalStep>();
  for (const steps of all) for (const step of steps) if (!step.perRound) unique.set(step.expression, step);
  const steps = [...unique.values()]
    // An effect inside another one's expression runs inside that step.
    .filter((s) => ![...unique.keys()].some((e) => e !== s.expression && contains(e, s.expression)))
    .sort(
      (a, b) =>
        a.expression.getSourceFile().getFilePath().localeCompare(b.expression.getSourceFile().getFilePath()) ||
        a.expression.getStart() - b.expression.getStart(),
    );
  const counts = new Map<string, number>();
  for (const step of steps) {
    const base = labelOf(step.expression);
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    wrap(step, n === 1 ? base : `${base}#${n}`, out);
  }
}

function wrap(step: JournalStep, label: string, out: Out): void {
  const expression = step.expression;
  const file = expression.getSourceFile();
  const q = styleOf(file.getFullText(), file.getFilePath()).quote;
  const call = `${step.sync ? '' : 'await '}${out.nameIn(file, 'step')}(${q}${label.replace(/[\\'"]/g, '\\$&')}${q}, `;
  const asynchronous = hasAwait(expression) ? 'async ' : '';
  if (step.discard) {
    out.add(file, { start: expression.getStart(), end: expression.getStart(), text: `${call}${asynchronous}() => { ` });
    out.add(file, { start: expression.getEnd(), end: expression.getEnd(), text: ' })' });
    return;
  }
  if (Node.isAwaitExpression(expression) && !hasAwait(expression.getExpression())) {
    // `await effect()` becomes `await step(label, () => effect())`: the step is awaited instead.
    const operand = expression.getExpression();
    out.add(file, { start: expression.getStart(), end: operand.getStart(), text: `${call}() => ` });
    out.add(file, { start: expression.getEnd(), end: expression.getEnd(), text: ')' });
    return;
  }
  // An object literal as an arrow's body needs parentheses.
  const literal = expression.getText().startsWith('{');
  out.add(file, {
    start: expression.getStart(),
    end: expression.getStart(),
    text: `${call}${asynchronous}() => ${literal ? '(' : ''}`,
  });
  out.add(file, { start: expression.getEnd(), end: expression.getEnd(), text: literal ? '))' : ')' });
}

/** A short label a reviewer reads: the callee of a call (`quotes.open`, `Date.now`), else the expression's text. */
function labelOf(expression: Node): string {
  let value = expression;
  while (Node.isAwaitExpression(value) || Node.isParenthesizedExpression(value)) value = value.getExpression();
  if (Node.isCallExpression(value) || Node.isNewExpression(value)) {
    const callee = oneLine(value.getExpression().getText(), 40).replace(/^this\./, '');
    return Node.isNewExpression(value) ? `new ${callee}` : callee;
  }
  return oneLine(value.getText(), 40);
}

/** An `await` of the expression's own function (not of a function written inside it). */
function hasAwait(expression: Node): boolean {
  const fn = enclosingFunction(expression);
  return (
    Node.isAwaitExpression(expression) ||
    expression.getDescendantsOfKind(SyntaxKind.AwaitExpression).some((a) => enclosingFunction(a) === fn)
  );
}

function contains(outer: Node, inner: Node): boolean {
  return (
    outer.getSourceFile() === inner.getSourceFile() &&
    outer.getStart() <= inner.getStart() &&
    inner.getEnd() <= outer.getEnd()
  );
}
