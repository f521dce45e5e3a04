import type { TextEdit } from '../../lib/edits.js';

/**
 * A removal that would leave a blank line at a block's start or end, or two in a row, takes one with it. Two removals
 * may each take the blank line between them (at a block's start the first takes the one below it; above a blank line
 * or the block's end the second takes the one above it): they become one removal, which then takes a blank line as a
 * whole, until no two overlap.
 */
export function tidyBlankLines(text: string, edits: TextEdit[]): TextEdit[] {
  let merged: TextEdit[] = [];
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && last.text === '' && edit.text === '' && edit.start <= last.end) last.end = Math.max(last.end, edit.end);
    else merged.push({ ...edit });
  }
  let widen = merged;
  while (widen.length > 0) {
    for (const edit of widen) takeBlankLine(text, edit);
    const joined: TextEdit[] = [];
    widen = [];
    for (const edit of merged) {
      const last = joined[joined.length - 1];
      if (last && last.text === '' && edit.text === '' && edit.start < last.end) {
        last.end = Math.max(last.end, edit.end);
        if (!widen.includes(last)) widen.push(last);
      } else joined.push(edit);
    }
    merged = joined;
  }
  return merged;
}

/** Widen a removal by the blank line it would leave at a block's start or end, or as the second of two in a row. */
function takeBlankLine(text: string, edit: TextEdit): void {
  if (edit.text !== '' || edit.start === 0) return;
  const lineEnd = (at: number) => (text.indexOf('\n', at) === -1 ? text.length : text.indexOf('\n', at) + 1);
  const blankAt = (start: number) => start < text.length && /^[ \t]*\r?$/.test(text.slice(start, lineEnd(start) - 1));
  const prevStart = text.lastIndexOf('\n', edit.start - 2) + 1;
  const prev = text.slice(prevStart, edit.start).trim();
  const next = text.slice(edit.end, lineEnd(edit.end)).trim();
  if (prev === '' && (next === '' || next.startsWith('}'))) edit.start = prevStart;
  else if (prev.endsWith('{') && blankAt(edit.end)) edit.end = lineEnd(edit.end);
}
