import { Node, SyntaxKind } from '../../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { TextEdit } from '../../../../lib/edits.js';
import type { FileStyle } from './codeText.js';
import { requiredModuleOf } from '../../analyse/symbols.js';

export const SERVER_MODULE = '@modelcontextprotocol/server';

/**
 * The edits that make `names` importable from the v2 server package (`type X` for a name used only as a type):
 * added to an existing named import (or `require` / `await import(...)` destructuring, which takes values only: the
 * types then get their own `import type`), else a new import (or require) after the last one. A name any import of
 * the package binds already (a type-only one included, for a type) is left as it is.
 */
export function addImportsEdits(sourceFile: SourceFile, names: string[], style: FileStyle): TextEdit[] {
  const { quote: q, semicolon } = style;
  const end = semicolon ? ';' : '';
  const values = new Set<string>();
  const types = new Set<string>();
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== SERVER_MODULE) continue;
    for (const named of declaration.getNamedImports()) {
      const local = (named.getAliasNode() ?? named.getNameNode()).getText();
      (declaration.isTypeOnly() || named.isTypeOnly() ? types : values).add(local);
    }
  }
  const wanted = names.filter((n) => {
    const name = n.replace(/^type /, '');
    return !values.has(name) && !(n.startsWith('type ') && types.has(name));
  });
  if (wanted.length === 0) return [];
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== SERVER_MODULE || declaration.isTypeOnly()) continue;
    const named = declaration.getNamedImports();
    if (named.length === 0) continue;
    const last = named[named.length - 1]!;
    return [{ start: last.getEnd(), end: last.getEnd(), text: wanted.map((n) => `, ${n}`).join('') }];
  }
  for (const statement of sourceFile.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const init = declaration.getInitializer();
      const pattern = declaration.getNameNode();
      if (!init || requiredModuleOf(init) !== SERVER_MODULE || !Node.isObjectBindingPattern(pattern)) continue;
      const elements = pattern.getElements();
      const last = elements[elements.length - 1];
      if (!last) continue;
      const present = new Set(elements.map((e) => e.getNameNode().getText()));
      const missing = wanted.filter((n) => !present.has(n) && !n.startsWith('type '));
      const typeNames = wanted.filter((n) => n.startsWith('type ') && !present.has(n.slice(5))).map((n) => n.slice(5));
      const edits: TextEdit[] = [];
      if (missing.length > 0)
        edits.push({ start: last.getEnd(), end: last.getEnd(), text: missing.map((n) => `, ${n}`).join('') });
      // Types are erased: a static `import type` loads nothing, whatever made the file load the package late.
      if (typeNames.length > 0) {
        const line = `import type { ${typeNames.join(', ')} } from ${q}${SERVER_MODULE}${q}${end}`;
        edits.push(newStatementEdit(sourceFile, sourceFile.getImportDeclarations(), line, style));
      }
      return edits;
    }
  }
  const commonJs =
    /\.cjs$/.test(sourceFile.getFilePath()) ||
    (sourceFile.getImportDeclarations().length === 0 && /\brequire\(/.test(sourceFile.getFullText()));
  const line = commonJs
    ? `const { ${wanted.join(', ')} } = require(${q}${SERVER_MODULE}${q})${end}`
    : `import { ${wanted.join(', ')} } from ${q}${SERVER_MODULE}${q}${end}`;
  const anchors = commonJs
    ? sourceFile
        .getStatements()
        .filter(
          (s) =>
            s.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => requiredModuleOf(c) !== undefined) &&
            Node.isVariableStatement(s),
        )
    : sourceFile.getImportDeclarations();
  return [newStatementEdit(sourceFile, anchors, line, style)];
}

/** A new statement after the last of `anchors`, else before the file's first statement. */
function newStatementEdit(sourceFile: SourceFile, anchors: Node[], line: string, style: FileStyle): TextEdit {
  const anchor = anchors[anchors.length - 1];
  if (anchor) return { start: anchor.getEnd(), end: anchor.getEnd(), text: `${style.eol}${line}` };
  const first = sourceFile.getStatements()[0];
  const position = first ? first.getStart() : sourceFile.getEnd();
  return { start: position, end: position, text: `${line}${style.eol}` };
}

/**
 * Edits that drop named imports the rewrite made unused (`ElicitResultSchema` once `send(..., ElicitResultSchema)`
 * is gone): the specifier, or the whole declaration when it was the last one.
 */
export function removeImportsEdits(sourceFile: SourceFile, names: Set<string>): TextEdit[] {
  const edits: TextEdit[] = [];
  const text = sourceFile.getFullText();
  for (const declaration of sourceFile.getImportDeclarations()) {
    const named = declaration.getNamedImports();
    const removed = named.filter((n) => names.has((n.getAliasNode() ?? n.getNameNode()).getText()));
    if (removed.length === 0) continue;
    if (removed.length === named.length && !declaration.getDefaultImport() && !declaration.getNamespaceImport()) {
      const lineEnd = text.indexOf('\n', declaration.getEnd());
      edits.push({ start: declaration.getStart(), end: lineEnd === -1 ? declaration.getEnd() : lineEnd + 1, text: '' });
      continue;
    }
    for (const specifier of removed) {
      const index = named.indexOf(specifier);
      // Take the comma on one side with it: the preceding one, or the following one for the first specifier.
      const start = index > 0 ? named[index - 1]!.getEnd() : specifier.getStart();
      const end = index > 0 ? specifier.getEnd() : named[index + 1]!.getStart();
      edits.push({ start, end, text: '' });
    }
  }
  return edits;
}
