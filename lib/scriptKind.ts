import type { ts } from 'ts-morph';

/**
 * The script kind of a file by its extension (TSX, JSX, JS, else TS), with the compiler the caller loaded (lib/apply.ts
 * loads it on first use; the transforms' syntax kit, transforms/kit/syntax.ts, binds it to its own).
 */
export function scriptKindFor(compiler: typeof ts, fileName: string): ts.ScriptKind {
  if (/\.tsx$/.test(fileName)) return compiler.ScriptKind.TSX;
  if (/\.jsx$/.test(fileName)) return compiler.ScriptKind.JSX;
  if (/\.[mc]?js$/.test(fileName)) return compiler.ScriptKind.JS;
  return compiler.ScriptKind.TS;
}
