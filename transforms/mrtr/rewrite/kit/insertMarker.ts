import { Node } from '../../../../lib/tsMorph.cjs';
import { indentAt, lineEndingOf, type TextEdit } from '../../../../lib/edits.js';
import { REVIEW_MARKER } from '../../../../lib/reviewMarker.js';
import { statementOf } from '../../analyse/statements.js';

/**
 * The edit that puts `/* @mcp-mrtr-review <reason-id>: <message> *\/` on its own line above the statement
 * holding a site. Statements never start inside a string or template, so the marker never lands in one.
 * When that statement already carries a marker for the same reason, a second run adds nothing; it only brings
 * the marker's message up to date when the message changed (e.g. it names what it found, and that changed).
 */
export function markerEdit(site: Node, reason: string, message: string): TextEdit | undefined {
  const statement = statementOf(site);
  const text = statement.getSourceFile().getFullText();
  const safeMessage = message.replace(/\*\//g, '* /');
  const existing = markersAbove(statement).find((m) => m.reason === reason);
  if (existing) {
    const comment = `/* ${REVIEW_MARKER} ${reason}: ${safeMessage} */`;
    // Line numbers in a message move when markers are inserted above them: they alone do not make it stale.
    const same = withoutNumbers(text.slice(existing.start, existing.end)) === withoutNumbers(comment);
    return same ? undefined : { start: existing.start, end: existing.end, text: comment };
  }
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const indent = indentAt(text, statement.getStart());
  return {
    start: lineStart,
    end: lineStart,
    text: `${indent}/* ${REVIEW_MARKER} ${reason}: ${safeMessage} */${lineEndingOf(text)}`,
  };
}

/** The edits that remove this tool's review markers above the statement holding a site that is now rewritten. */
export function staleMarkerEdits(site: Node): TextEdit[] {
  const statement = statementOf(site);
  const text = statement.getSourceFile().getFullText();
  return markersAbove(statement).flatMap((marker) => {
    // The whole line when the marker is alone on it, else just the comment.
    const lineStart = text.lastIndexOf('\n', marker.start - 1) + 1;
    const newline = text.indexOf('\n', marker.end);
    const alone =
      /^[ \t]*$/.test(text.slice(lineStart, marker.start)) &&
      newline !== -1 &&
      /^[ \t\r]*$/.test(text.slice(marker.end, newline));
    return [
      alone ? { start: lineStart, end: newline + 1, text: '' } : { start: marker.start, end: marker.end, text: '' },
    ];
  });
}

function withoutNumbers(text: string): string {
  return text.replace(/\d+/g, '#');
}

/** This tool's `/* @mcp-mrtr-review <reason>: ... *\/` comments in a statement's leading trivia, with their offsets. */
function markersAbove(statement: Node): Array<{ reason: string; start: number; end: number }> {
  const text = statement.getSourceFile().getFullText();
  const leading = text.slice(statement.getPos(), statement.getStart());
  const found: Array<{ reason: string; start: number; end: number }> = [];
  const pattern = new RegExp(`/\\* ${REVIEW_MARKER} ([a-z0-9-]+): [\\s\\S]*?\\*/`, 'g');
  for (let match = pattern.exec(leading); match; match = pattern.exec(leading)) {
    found.push({
      reason: match[1]!,
      start: statement.getPos() + match.index,
      end: statement.getPos() + match.index + match[0].length,
    });
  }
  return found;
}
