import { createTwoFilesPatch } from 'diff';

/** A unified diff of one file that `git apply` accepts (paths `a/<file>` and `b/<file>`, relative to the root). */
export function unifiedDiff(file: string, before: string, after: string): string {
  if (before === after) return '';
  const patch = createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 });
  // jsdiff prints an `Index:`-less header starting with `===`; git wants `diff --git` first.
  const body = patch.replace(/^=+\n/m, '');
  return `diff --git a/${file} b/${file}\n${body}`;
}
