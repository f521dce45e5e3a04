import { createTwoFilesPatch } from 'diff';

/** The diff of a new file, as git writes it (`new file mode`, from /dev/null). */
export function newFileDiff(file: string, after: string): string {
  const hunks = hunksOf(createTwoFilesPatch('/dev/null', `b/${file}`, '', after, undefined, undefined, { context: 3 }));
  const [a, b] = [gitPath(`a/${file}`), gitPath(`b/${file}`)];
  return `diff --git ${a} ${b}\nnew file mode 100644\n--- /dev/null\n+++ ${b}\n${hunks}`;
}

/** A unified diff of one file that `git apply` accepts (paths `a/<file>` and `b/<file>`, relative to the root). */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const hunks = hunksOf(
    createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }),
  );
  const [a, b] = [gitPath(`a/${file}`), gitPath(`b/${file}`)];
  return `diff --git ${a} ${b}\n--- ${a}\n+++ ${b}\n${hunks}`;
}

/** jsdiff's patch from its first hunk on: the header is written here, as git writes it. */
function hunksOf(patch: string): string {
  const start = patch.search(/^@@ /m);
  return start === -1 ? '' : patch.slice(start);
}

/** C escapes git uses in a quoted path; any other control character is written in octal. */
const ESCAPES: Record<string, string> = {
  '\u0007': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\u000b': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};

/**
 * A path as git writes it in a patch header: as it is, or in double quotes with C escapes when it holds a quote, a
 * backslash or a control character. A file name with a newline would otherwise end the header line, and `git apply`
 * would refuse the patch. (Other characters, non-ASCII ones included, `git apply` reads as they are.)
 */
export function gitPath(file: string): string {
  if (!/["\\\u0000-\u001f\u007f]/.test(file)) return file;
  const escaped = file.replace(
    /["\\\u0000-\u001f\u007f]/g,
    (char) => ESCAPES[char] ?? `\\${char.charCodeAt(0).toString(8).padStart(3, '0')}`,
  );
  return `"${escaped}"`;
}
