import path from 'node:path';
import ts from 'typescript';

/**
 * The diagnostics of compiling `files` as their users would: strict, NodeNext, against the SDK packages
 * installed here. Each as `file:line message`, paths relative to `base`.
 */
export function strictDiagnostics(files: string[], base: string, extra: ts.CompilerOptions = {}): string[] {
  // `extra` last: a caller's target or lib (an older project's) is the one compiled against.
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    types: ['node'],
    ...extra,
  });
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file
      ? `${path.relative(base, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
  });
}
