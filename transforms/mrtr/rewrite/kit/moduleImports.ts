import path from 'node:path';
import { Node } from '../../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import { lineEndingOf, type TextEdit } from '../../../../lib/edits.js';
import { styleOf } from './codeText.js';

// Imports of project modules added to a user's file (the codec, the replay runtime): where they go, how the file
// names a relative module, and whether it is CommonJS.

/** After the last import (or require) at the top of the file; else at its start, after a shebang and directives. */
export function insertionPoint(sourceFile: SourceFile): number {
  let point = 0;
  for (const statement of sourceFile.getStatements()) {
    const isImport = Node.isImportDeclaration(statement) || Node.isImportEqualsDeclaration(statement);
    const isRequire =
      Node.isVariableStatement(statement) && /^\s*(const|let|var)\s[^=]+=\s*require\(/.test(statement.getText());
    const isDirective = Node.isExpressionStatement(statement) && Node.isStringLiteral(statement.getExpression());
    if (isImport || isRequire || isDirective) point = statement.getEnd();
    else break;
  }
  if (point === 0) {
    const text = sourceFile.getFullText();
    if (text.startsWith('#!')) point = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  }
  return point;
}

/** The runtime module as this file names relative modules (with `.js` under NodeNext, as its other imports do). */
export function specifierOf(file: SourceFile, runtimePath: string): string {
  let relative = path.relative(path.dirname(file.getFilePath()), runtimePath).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const emitted = relative
    .replace(/\.ts$/, '.js')
    .replace(/\.mts$/, '.mjs')
    .replace(/\.cts$/, '.cjs');
  const specifiers = [
    ...file.getImportDeclarations().map((d) => d.getModuleSpecifierValue()),
    ...[...file.getFullText().matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
  ].filter((s) => s.startsWith('.'));
  const extensionless = specifiers.length > 0 && specifiers.every((s) => !/\.[cm]?[jt]sx?$/.test(s));
  return extensionless ? emitted.replace(/\.[cm]?js$/, '') : emitted;
}

/** Whether the file is CommonJS (by its extension, else a `require` and no import declaration). */
export function isCommonJs(file: SourceFile): boolean {
  if (/\.c[jt]s$/.test(file.getFilePath())) return true;
  if (/\.m[jt]s$/.test(file.getFilePath())) return false;
  return file.getImportDeclarations().length === 0 && /\brequire\(/.test(file.getFullText());
}

/** `import { name } from './module.js'` (or the `require` form) after the file's last import, in its own style. */
export function namedImportEdit(file: SourceFile, name: string, modulePath: string): TextEdit {
  const text = file.getFullText();
  const style = styleOf(text, file.getFilePath());
  const end = style.semicolon ? ';' : '';
  const specifier = specifierOf(file, modulePath);
  const statement = isCommonJs(file)
    ? `const { ${name} } = require(${style.quote}${specifier}${style.quote})${end}`
    : `import { ${name} } from ${style.quote}${specifier}${style.quote}${end}`;
  const anchor = insertionPoint(file);
  return {
    start: anchor,
    end: anchor,
    text: anchor === 0 ? `${statement}${lineEndingOf(text)}` : `${lineEndingOf(text)}${statement}`,
  };
}
