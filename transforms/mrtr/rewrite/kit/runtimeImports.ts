import path from 'node:path';
import { SyntaxKind } from '../../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import { lineEndingOf, type TextEdit } from '../../../../lib/edits.js';
import { REPLAY_RUNTIME_NAME } from '../../constants.js';
import { styleOf } from './codeText.js';
import { insertionPoint, isCommonJs, specifierOf } from './moduleImports.js';

/** The runtime's export that gives this process's requestState codec (step functions and replay share it). */
export const SHARED_CODEC_EXPORT = 'sharedRequestStateCodec';

/** The runtime module's file extension for a project file of this flavour. */
export function runtimeExtension(fileName: string): string {
  if (/\.m[jt]s$/.test(fileName)) return fileName.endsWith('.mts') ? '.mts' : '.mjs';
  if (/\.c[jt]s$/.test(fileName)) return fileName.endsWith('.cts') ? '.cts' : '.cjs';
  return /\.tsx?$/.test(fileName) ? '.ts' : '.js';
}

/** Where a server's runtime module goes: the `runtimeDir` option's folder, else beside the file that builds the server. */
export function runtimePathOf(constructionFile: string, runtimeDir: string | undefined): string {
  return path.join(
    runtimeDir ?? path.dirname(constructionFile),
    REPLAY_RUNTIME_NAME + runtimeExtension(constructionFile),
  );
}

/**
 * The runtime exports each file uses, with their local names, over a whole run: replayed asks and handlers, and the
 * codec of step functions and replay alike, so that a file gets one import of the runtime whatever needs it.
 */
export class RuntimeImports {
  private readonly files = new Map<SourceFile, { runtimePath: string; names: Map<string, string> }>();

  /** The local name of a runtime export in a file (aliased when the file already uses the name). */
  nameIn(file: SourceFile, name: string, runtimePath: string): string {
    const entry = this.files.get(file) ?? { runtimePath, names: new Map<string, string>() };
    this.files.set(file, entry);
    if (!entry.names.has(name)) entry.names.set(name, unusedIdentifier(file, name));
    return entry.names.get(name)!;
  }

  /** `import { ask } from './mcp-mrtr-runtime.js'` (or the `require` form), one per file, after its last import. */
  edits(): Array<{ file: string; edit: TextEdit }> {
    return [...this.files].map(([file, { runtimePath, names }]) => ({
      file: file.getFilePath(),
      edit: runtimeImportEdit(file, names, runtimePath),
    }));
  }
}

function runtimeImportEdit(file: SourceFile, names: Map<string, string>, runtimePath: string): TextEdit {
  const text = file.getFullText();
  const style = styleOf(text, file.getFilePath());
  const { quote: q } = style;
  const end = style.semicolon ? ';' : '';
  const eol = lineEndingOf(text);
  const specifier = specifierOf(file, runtimePath);
  const cjs = isCommonJs(file);
  const list = [...names]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, local]) => (name === local ? name : cjs ? `${name}: ${local}` : `${name} as ${local}`))
    .join(', ');
  const statement = cjs
    ? `const { ${list} } = require(${q}${specifier}${q})${end}`
    : `import { ${list} } from ${q}${specifier}${q}${end}`;
  const anchor = insertionPoint(file);
  return { start: anchor, end: anchor, text: anchor === 0 ? `${statement}${eol}` : `${eol}${statement}` };
}

/** `name`, or `name2`, `name3`, ... when the file already declares or uses that identifier (comments and strings do not count). */
function unusedIdentifier(file: SourceFile, name: string): string {
  // An identifier's text is part of the file's text: a name the text does not hold is unused (no walk needed).
  if (!file.getFullText().includes(name)) return name;
  const used = new Set(file.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  if (!used.has(name)) return name;
  let n = 2;
  while (used.has(`${name}${n}`)) n++;
  return `${name}${n}`;
}
