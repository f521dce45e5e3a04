// The official codemod writes its import lines with double quotes whatever the file uses; a reviewer of a
// single-quote file then reads every changed import twice. The specifiers of the import and export-from
// declarations it wrote are put in the file's own quote; the user's own declarations are left exactly as they are.
import { ts } from '../../lib/tsMorph.cjs';
import { scriptKindOf } from './syntax.js';

type Quote = "'" | '"';

/** The quote the user's own module specifiers use most (`from '...'`, `import('...')`, `require('...')`), if any. */
export function ownQuote(userText: string): Quote | undefined {
  const count = (quote: Quote) =>
    (userText.match(new RegExp(`(?:\\bfrom\\s*|\\bimport\\s*\\(?\\s*|\\brequire\\(\\s*)${quote}`, 'g')) ?? []).length;
  const single = count("'");
  const double = count('"');
  return single > double ? "'" : double > single ? '"' : undefined;
}

/** `text` (the step's output for a file whose text was `userText`) with the step's own specifiers in the file's quote. */
export function inOwnQuotes(file: string, userText: string, text: string): string {
  const quote = ownQuote(userText);
  const other = quote === "'" ? '"' : "'";
  if (!quote || !text.includes(other)) return text;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || specifier.getText(source)[0] !== other) continue;
    // The user's own declaration, unchanged by the step: theirs to keep.
    if (userText.includes(statement.getText(source))) continue;
    if (specifier.text.includes(quote) || specifier.getText(source).includes('\\')) continue;
    edits.push({
      start: specifier.getStart(source),
      end: specifier.getEnd(),
      text: `${quote}${specifier.text}${quote}`,
    });
  }
  let out = text;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/**
 * `text` with the file's own line ends: the official codemod writes the lines it adds with `\n` whatever the file
 * uses, which leaves a CRLF file with mixed line ends (a reviewer sees its import lines changed twice).
 * Only for a file whose every line ends in CRLF; any other file is returned as it is.
 */
export function inOwnLineEnds(userText: string, text: string): string {
  if (!userText.includes('\r\n') || /(^|[^\r])\n/.test(userText)) return text;
  return text.replace(/\r?\n/g, '\r\n');
}
