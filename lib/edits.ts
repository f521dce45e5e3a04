/** A replacement of `text[start, end)` in a file's original text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** Apply non-overlapping edits to the original text; untouched text stays byte-identical. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error(`overlapping edits at offset ${edit.start}`);
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

/** The file's own line ending, so inserted lines match it. */
export function lineEndingOf(text: string): '\r\n' | '\n' {
  const crlf = text.indexOf('\r\n');
  const lf = text.indexOf('\n');
  return crlf !== -1 && crlf < lf + 1 ? '\r\n' : '\n';
}

/** The indentation of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The text of a file as the analysis reads it: CR lines (no LF anywhere) read as LF lines, one character for one. */
export function analysedText(text: string): { text: string; crLines?: true } {
  return text.includes('\r') && !text.includes('\n') ? { text: text.replaceAll('\r', '\n'), crLines: true } : { text };
}
