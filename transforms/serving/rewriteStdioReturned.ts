// The stdio serving rewrite of a function that connects its server and returns it (rewriteStdioInline.ts):
// `export async function startServer() { const server = await createServer(); await server.connect(transport);
// return server; }` whose every caller discards the result (`await startServer();`, `startServer().catch(...)`).
// serveStdio builds a server per connection, so there is none to return: the return goes with the rewrite.
import { ts } from '../../lib/tsMorph.cjs';
import type { ServingModules } from './types.js';

/** The function whose body is `scope`, by name, when its result can be dropped: a declaration or a module-level const. */
export function returningFunction(scope: ts.Block): { name: string; exported: boolean } | undefined {
  const fn = scope.parent;
  const exportedBy = (node: ts.Node) =>
    ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  // A declared return type (`Promise<McpServer>`) would no longer hold once the return is gone.
  if (!fn || !ts.isFunctionLike(fn) || fn.type) return undefined;
  if (ts.isFunctionDeclaration(fn) && fn.name && ts.isSourceFile(fn.parent)) {
    if (ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) return undefined;
    return { name: fn.name.text, exported: exportedBy(fn) };
  }
  const declaration = fn.parent;
  if (
    (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
    ts.isVariableDeclaration(declaration) &&
    ts.isIdentifier(declaration.name) &&
    declaration.parent.flags & ts.NodeFlags.Const &&
    ts.isVariableStatement(declaration.parent.parent) &&
    ts.isSourceFile(declaration.parent.parent.parent)
  )
    return { name: declaration.name.text, exported: exportedBy(declaration.parent.parent) };
  return undefined;
}

/**
 * Whether every use of `name` (declared in `file`) is a call whose result is dropped, with at least one call: in its
 * own file, and when it is exported in every file the step read or was handed for naming it (ids.ts servingCallers),
 * each of which must import it by name from `file`. A use of any other kind (a value kept, returned, passed on,
 * re-exported, imported under another name or through another module) keeps the return. Read by lines, strictly:
 * a call is dropped only as a statement of its own (`await name();`, `void name()`, `name().catch(...)`) that starts
 * after a line ending a statement or opening a block.
 */
export function resultUnused(
  file: string,
  text: string,
  name: string,
  exported: boolean,
  modules: ServingModules | undefined,
): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  const word = new RegExp(`\\b${escaped}\\b`);
  const declared = new RegExp(
    `^\\s*(?:export\\s+)?(?:(?:async\\s+)?function\\s*\\*?\\s*${escaped}\\s*\\(|const\\s+${escaped}\\s*=)`,
  );
  const dropped = new RegExp(`^\\s*(?:(?:await|void)\\s+)?${escaped}\\([^()]*\\)\\s*(?:;?\\s*$|\\.catch\\()`);
  let calls = 0;
  const usesAreDropped = (lines: string[], allowed: (line: string) => boolean): boolean =>
    lines.every((line, i) => {
      if (!word.test(line) || allowed(line)) return true;
      if (!dropped.test(line) || !startsStatement(lines, i)) return false;
      calls++;
      return true;
    });
  if (!usesAreDropped(text.split('\n'), (line) => declared.test(line))) return false;
  if (exported) {
    if (!modules) return false;
    for (const [other, otherText] of modules.texts) {
      if (other === file || !word.test(otherText)) continue;
      const importLine = (line: string) => importsByName(line, name) && importsFrom(other, line, file, modules);
      const lines = otherText.split('\n');
      if (!lines.some(importLine) || !usesAreDropped(lines, importLine)) return false;
    }
  }
  return calls > 0;
}

/** Whether the previous non-blank line ends a statement, opens or closes a block, or is a comment (or there is none). */
function startsStatement(lines: string[], at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    return /[;{}]$/.test(line) || line.startsWith('//') || line.endsWith('*/');
  }
  return true;
}

/** `import { a, name } from '...'` on one line, `name` not renamed, not type-only. */
function importsByName(line: string, name: string): boolean {
  const clause = /^\s*import\s*\{([^}]*)\}\s*from\s*['"]/.exec(line)?.[1];
  return !!clause && clause.split(',').some((part) => part.trim() === name);
}

function importsFrom(file: string, line: string, moduleFile: string, modules: ServingModules): boolean {
  const specifier = /from\s*['"](\.[^'"]+)['"]/.exec(line)?.[1];
  return specifier !== undefined && modules.lookup(file, specifier)?.file === moduleFile;
}
