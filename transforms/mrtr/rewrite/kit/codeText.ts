// Code written into a user's file as its author would write it: the file's own style, names it does not use
// yet, and moved text re-indented for its new place.

export interface FileStyle {
  /** TypeScript source (casts allowed); JavaScript gets no type syntax. */
  typescript: boolean;
  quote: "'" | '"';
  semicolon: boolean;
  indentUnit: string;
  eol: '\n' | '\r\n';
}

/** The file's habits: quote style, semicolons, indent unit and line ending, read from its own text. */
export function styleOf(text: string, fileName: string): FileStyle {
  const single = (text.match(/'/g) ?? []).length;
  const double = (text.match(/"/g) ?? []).length;
  const statements = text.match(/[)\]}\w'"`]\s*$/gm) ?? [];
  const withSemicolon = (text.match(/;\s*$/gm) ?? []).length;
  // Block-comment continuation lines (` * ...`) are not indentation steps.
  const indents = [...text.matchAll(/^([ \t]+)[^\s*]/gm)].map((m) => m[1]!);
  const tab = indents.some((i) => i.startsWith('\t'));
  const spaces = indents
    .filter((i) => !i.includes('\t'))
    .map((i) => i.length)
    .filter((n) => n > 0);
  const unit = tab ? '\t' : ' '.repeat(spaces.length ? Math.min(...spaces) : 2);
  return {
    typescript: /\.(ts|tsx|mts|cts)$/.test(fileName),
    quote: double > single ? '"' : "'",
    semicolon: withSemicolon >= statements.length / 2 || withSemicolon > 0,
    indentUnit: unit,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}

/** `base`, or `base2`, `base3`... when the handler already uses that name. */
export function freshName(handlerText: string, base: string): string {
  const used = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(handlerText);
  if (!used(base)) return base;
  let n = 2;
  while (used(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** Strip the common indentation of a node's continuation lines, so the text can be re-indented where it moves. */
export function dedent(text: string): string {
  const lines = text.split(/\r?\n/);
  const rest = lines.slice(1).filter((l) => l.trim().length > 0);
  if (rest.length === 0) return text;
  const common = Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length));
  return [lines[0], ...lines.slice(1).map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length)))].join('\n');
}
