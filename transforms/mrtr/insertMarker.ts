import { Node } from 'ts-morph';
import { indentAt, lineEndingOf, type TextEdit } from '../../lib/edits.js';

export const REVIEW_MARKER = '@mcp-mrtr-review';

/**
 * The edit that puts `/* @mcp-mrtr-review <reason-id>: <message> *\/` on its own line above the statement
 * holding a site. Statements never start inside a string or template, so the marker never lands in one.
 * Returns undefined when that statement already carries a marker for the same reason (a second run adds nothing).
 */
export function markerEdit(site: Node, reason: string, message: string): TextEdit | undefined {
  const statement = statementOf(site);
  const sourceFile = statement.getSourceFile();
  const text = sourceFile.getFullText();
  const leading = text.slice(statement.getPos(), statement.getStart());
  if (leading.includes(`${REVIEW_MARKER} ${reason}:`)) return undefined;
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const indent = indentAt(text, statement.getStart());
  const safeMessage = message.replace(/\*\//g, '* /');
  return { start: lineStart, end: lineStart, text: `${indent}/* ${REVIEW_MARKER} ${reason}: ${safeMessage} */${lineEndingOf(text)}` };
}

/** The innermost statement in a statement list (block, file, case clause) that holds the node. */
export function statementOf(node: Node): Node {
  let current: Node = node;
  for (let parent = current.getParent(); parent; current = parent, parent = parent.getParent()) {
    if (Node.isStatement(current) && (Node.isBlock(parent) || Node.isSourceFile(parent) || Node.isCaseClause(parent) || Node.isDefaultClause(parent) || Node.isModuleBlock(parent))) {
      return current;
    }
  }
  return current;
}
