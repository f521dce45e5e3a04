// The official codemod rewrites or removes a v1 import or export together with the comments above it: a file's
// license header, its doc comment, a lint directive for the whole file. Every leading comment of a top-level statement
// of the user's text that the output no longer holds goes back where it was: after the output's copy of the last
// piece before it (a comment or a statement the codemod left as it was), or at the top, with the blank lines it had.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../../lib/edits.js';
import type { Finding } from '../../../lib/model.js';

/** `text` (the official codemod's output for `userText`) with the user's lost leading comments put back. */
export function restoreComments(file: string, userText: string, text: string): { text: string; findings: Finding[] } {
  if (userText === text || !/\/[/*]/.test(userText)) return { text, findings: [] };
  const before = ts.createSourceFile(file, userText, ts.ScriptTarget.Latest, true, scriptKind(file));
  const edits: TextEdit[] = [];
  // The output offset after the last piece of the user's text found in it, in order; undefined before the first.
  let keptEnd: number | undefined;
  const keep = (piece: string) => {
    const at = text.indexOf(piece, keptEnd ?? 0);
    if (at >= 0) keptEnd = at + piece.length;
  };
  for (const statement of before.statements) {
    const ranges = ts.getLeadingCommentRanges(userText, statement.pos) ?? [];
    ranges.forEach((range, index) => {
      const comment = userText.slice(range.pos, range.end);
      if (text.includes(comment)) return keep(comment);
      // The comment and the whitespace after it, up to the next comment or the statement: a header keeps its blank line.
      const chunk = userText.slice(range.pos, ranges[index + 1]?.pos ?? statement.getStart(before));
      edits.push({ start: insertionPoint(text, keptEnd), end: insertionPoint(text, keptEnd), text: chunk });
    });
    keep(statement.getText(before));
  }
  return { text: edits.length === 0 ? text : applyEdits(text, edits), findings: [] };
}

/** The start of the line after offset `end` of the output (the top of the file, after a shebang, without one). */
function insertionPoint(text: string, end: number | undefined): number {
  if (end === undefined) return text.startsWith('#!') ? text.indexOf('\n') + 1 || text.length : 0;
  const newline = text.indexOf('\n', end);
  return newline < 0 ? text.length : newline + 1;
}

function scriptKind(file: string): ts.ScriptKind {
  if (/\.tsx$/.test(file)) return ts.ScriptKind.TSX;
  if (/\.jsx$/.test(file)) return ts.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(file)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}
