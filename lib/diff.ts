import { createTwoFilesPatch } from 'diff';

/** The diff of a new file, as git writes it (`new file mode`, from /dev/null). */
export function newFileDiff(file: string, after: string): string {
  const patch = createTwoFilesPatch('/dev/null', `b/${file}`, '', after, undefined, undefined, { context: 3 });
  const body = patch
    .replace(/^=+\n/m, '')
    .replace(/^--- \/dev\/null\t?.*$/m, '--- /dev/null')
    .replace(/^\+\+\+ (b\/\S+)\t?.*$/m, '+++ $1');
  return `diff --git a/${file} b/${file}\nnew file mode 100644\n${body}`;
}

/** A unified diff of one file that `git apply` accepts (paths `a/<file>` and `b/<file>`, relative to the root). */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 });
  // jsdiff prints an `Index:`-less header starting with `===`; git wants `diff --git` first.
  const body = patch.replace(/^=+\n/m, '');
  return `diff --git a/${file} b/${file}\n${body}`;
}
