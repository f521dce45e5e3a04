import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';

// Code a step function moves into its steps: the statements' own text (comments included), re-indented,
// with capability reads replaced; returned as raw lines.

/** Marks a line that already carries its full indentation. */
export const RAW = '\u0000';

/**
 * The statements' source (comments between them included), moved to `target` indentation, with capability
 * reads replaced; returned as raw lines. A line that starts inside a template literal or string keeps its
 * text exactly: indenting it would change the value.
 */
export function movedLines(
  statements: Node[],
  target: string,
  reads: Node[],
  readText: (read: Node) => string,
  withComments = true,
): string[] {
  if (statements.length === 0) return [];
  const sourceFile = statements[0]!.getSourceFile();
  const full = sourceFile.getFullText();
  const start = withComments ? startWithComments(statements[0]!) : statements[0]!.getStart();
  const endPos = statements[statements.length - 1]!.getEnd();
  const original = full.slice(start, endPos);
  const from = /^[ \t]*/.exec(full.slice(full.lastIndexOf('\n', start - 1) + 1))![0];
  const literals = statements
    .flatMap((s) => [s, ...s.getDescendants()])
    .filter((n) => Node.isNoSubstitutionTemplateLiteral(n) || Node.isTemplateExpression(n) || Node.isStringLiteral(n))
    .map((n) => [n.getStart() - start, n.getEnd() - start] as const);
  const keep = new Set<number>();
  let offset = 0;
  for (const [i, line] of original.split('\n').entries()) {
    if (i > 0 && literals.some(([s, e]) => offset > s && offset < e)) keep.add(i);
    offset += line.length + 1;
  }
  let text = original;
  for (const read of [...reads]
    .filter((r) => r.getStart() >= start && r.getEnd() <= endPos)
    .sort((x, y) => y.getStart() - x.getStart())) {
    text = text.slice(0, read.getStart() - start) + readText(read) + text.slice(read.getEnd() - start);
  }
  return text.split('\n').map((line, i) => {
    const content = line.replace(/\r$/, '');
    if (i === 0) return `${RAW}${target}${content}`;
    if (keep.has(i)) return `${RAW}${content}`;
    if (content.trim() === '') return RAW;
    return `${RAW}${target}${content.startsWith(from) ? content.slice(from.length) : content.trimStart()}`;
  });
}

/**
 * The moved statements without the pure consts recomputed later that nothing in this step reads (the
 * statements after them, or `later`: the branch condition and the code of its branches).
 */
export function keptLines(
  statements: Node[],
  later: Node[],
  target: string,
  reads: Node[],
  readText: (read: Node) => string,
  replayed: ReadonlySet<Node>,
): string[] {
  const unused = (statement: Node, index: number) => {
    if (!replayed.has(statement) || !Node.isVariableStatement(statement)) return false;
    const names = statement
      .getDeclarations()
      .flatMap((d) => [d.getNameNode(), ...d.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier)])
      .filter((n) => Node.isIdentifier(n));
    const after = [...statements.slice(index + 1), ...later].flatMap((n) => [
      n,
      ...n.getDescendantsOfKind(SyntaxKind.Identifier),
    ]);
    return !names.some((name) =>
      after.some(
        (ref) => Node.isIdentifier(ref) && ref.getText() === name.getText() && ref.getSymbol() === name.getSymbol(),
      ),
    );
  };
  const lines: string[] = [];
  let run: Node[] = [];
  for (const [index, statement] of statements.entries()) {
    if (unused(statement, index)) {
      lines.push(...movedLines(run, target, reads, readText));
      run = [];
    } else run.push(statement);
  }
  return [...lines, ...movedLines(run, target, reads, readText)];
}

/** Where a statement's own leading comments begin (they move with it). */
export function startWithComments(node: Node): number {
  const comments = node.getLeadingCommentRanges();
  return comments.length > 0 ? comments[0]!.getPos() : node.getStart();
}

/** A statement's leading comments, as raw lines at `target` indentation (they stay with the code they describe). */
export function commentLines(node: Node, target: string): string[] {
  const comments = node.getLeadingCommentRanges();
  if (comments.length === 0) return [];
  const full = node.getSourceFile().getFullText();
  const from = /^[ \t]*/.exec(full.slice(full.lastIndexOf('\n', comments[0]!.getPos() - 1) + 1))![0];
  return full
    .slice(comments[0]!.getPos(), comments[comments.length - 1]!.getEnd())
    .split('\n')
    .map((line, i) => {
      const content = line.replace(/\r$/, '');
      return `${RAW}${target}${i === 0 ? content : content.startsWith(from) ? content.slice(from.length) : content.trimStart()}`;
    });
}

/** An expression's text with the capability reads inside it replaced. */
export function substituted(node: Node, reads: Node[], readText: (read: Node) => string): string {
  let text = node.getText();
  for (const read of [...reads]
    .filter((r) => r.getStart() >= node.getStart() && r.getEnd() <= node.getEnd())
    .sort((x, y) => y.getStart() - x.getStart())) {
    text =
      text.slice(0, read.getStart() - node.getStart()) + readText(read) + text.slice(read.getEnd() - node.getStart());
  }
  return text;
}
