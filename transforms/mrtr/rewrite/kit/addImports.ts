import { Node, SyntaxKind } from '../../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import type { TextEdit } from '../../../../lib/edits.js';
import type { FileStyle } from './codeText.js';
import { requiredModuleOf } from '../../analyse/symbols.js';

export const SERVER_MODULE = '@modelcontextprotocol/server';

/**
 * The edit that makes `names` importable from the v2 server package: added to an existing named import
 * (or `require` destructuring in CommonJS), else a new import (or require) after the last one.
 */
export function addImportsEdit(sourceFile: SourceFile, names: string[], style: FileStyle): TextEdit | undefined {
  if (names.length === 0) return undefined;
  const { quote: q, semicolon } = style;
  const end = semicolon ? ';' : '';
  for (const declaration of sourceFile.getImportDeclarations()) {
    if (declaration.getModuleSpecifierValue() !== SERVER_MODULE || declaration.isTypeOnly()) continue;
    const named = declaration.getNamedImports();
    if (named.length === 0) continue;
    const present = new Set(named.map((n) => (n.getAliasNode() ?? n.getNameNode()).getText()));
    const missing = names.filter((n) => !present.has(n.replace(/^type /, '')));
    if (missing.length === 0) return undefined;
    const last = named[named.length - 1]!;
    return { start: last.getEnd(), end: last.getEnd(), text: missing.map((n) => `, ${n}`).join('') };
  }
  for (const statement of sourceFile.getVariableStatements()) {
    for (const declaration of statement.getDeclarations()) {
      const init = declaration.getInitializer();
      const pattern = declaration.getNameNode();
      if (!init || requiredModuleOf(init) !== SERVER_MODULE || !Node.isObjectBindingPattern(pattern)) continue;
      const elements = pattern.getElements();
      const present = new Set(elements.map((e) => e.getNameNode().getText()));
      const missing = names.filter((n) => !present.has(n) && !n.startsWith('type '));
      if (missing.length === 0) return undefined;
      const last = elements[elements.length - 1];
      if (!last) continue;
      return { start: last.getEnd(), end: last.getEnd(), text: missing.map((n) => `, ${n}`).join('') };
    }
  }
  const commonJs =
    /\.cjs$/.test(sourceFile.getFilePath()) ||
    (sourceFile.getImportDeclarations().length === 0 && /\brequire\(/.test(sourceFile.getFullText()));
  const line = commonJs
    ? `const { ${names.join(', ')} } = require(${q}${SERVER_MODULE}${q})${end}`
    : `import { ${names.join(', ')} } from ${q}${SERVER_MODULE}${q}${end}`;
  const anchors = commonJs
    ? sourceFile
        .getStatements()
        .filter(
          (s) =>
            s.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => requiredModuleOf(c) !== undefined) &&
            Node.isVariableStatement(s),
        )
    : sourceFile.getImportDeclarations();
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
