import { Node } from '../../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../../lib/edits.js';
import type { SourceFile } from 'ts-morph';
import type { ServerWiring } from '../../plan/planWiring.js';
import type { FileStyle } from './codeText.js';
import { insertionPoint, namedImportEdit } from './moduleImports.js';
import { SHARED_CODEC_EXPORT } from './runtimeImports.js';

/** The env var holding the requestState secret (>= 32 bytes, the same on every server instance). */
export const STATE_SECRET_ENV = 'MCP_REQUEST_STATE_SECRET';

/**
 * Once per file that constructs a server with step functions or replayed handlers: the codec, the runtime's
 * (`shared`: its local name in the codec's file, whose runtime import the caller adds, and the runtime's file name),
 * one per process (key from MCP_REQUEST_STATE_SECRET; without a usable one the server still starts and the requests
 * that need a state say why they are refused; a TTL; bound to the method and the authenticated client; encrypted;
 * each state opens once), and its verify wired into the constructor's options, so a tampered, expired, foreign or
 * used state is rejected (-32602) before any handler runs.
 */
export function codecEdits(
  wiring: ServerWiring,
  codec: string,
  style: FileStyle,
  shared: SharedCodec | undefined,
): CodecEdits {
  if (wiring.existing || !shared) return existingCodecEdits(wiring, codec);
  return {
    codecFile: declarationEdits(wiring.codecFile, codec, style, shared, {
      exported: !!(wiring.importDeclaration || wiring.importers || wiring.more?.some((m) => m.importDeclaration)),
      commonJs: !!(wiring.requireDeclaration || wiring.more?.some((m) => m.requireDeclaration)),
    }),
    constructionFile: verifyEdits(wiring, codec),
    via: [...viaEdits(wiring, codec), ...importerEdits(wiring, codec), ...moreEdits(wiring, codec)],
    imports: [],
  };
}

/** The runtime's codec as the codec's file names it: the export's local name, and the runtime's file name. */
export interface SharedCodec {
  name: string;
  module: string;
}

/** A codec the user declared in a module of its own: the handlers' file imports it from there (once). */
function existingCodecEdits(wiring: ServerWiring, codec: string): CodecEdits {
  const from = wiring.existingFrom;
  const declarations = from
    ? wiring.codecFile
        .getImportDeclarations()
        .filter((d) => !d.isTypeOnly() && d.getModuleSpecifierSourceFile() === from)
    : [];
  const imported = declarations.some((d) =>
    d.getNamedImports().some((n) => n.getName() === codec && !n.getAliasNode()),
  );
  if (!from || from === wiring.codecFile || imported)
    return { codecFile: [], constructionFile: [], via: [], imports: [] };
  // `import { server } from './server.js'` gains it; else a new import of it.
  const named = declarations.find((d) => d.getNamedImports().length > 0)?.getNamedImports();
  const last = named?.[named.length - 1];
  const codecFile = last
    ? [{ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` }]
    : [namedImportEdit(wiring.codecFile, codec, from.getFilePath())];
  return { codecFile, constructionFile: [], via: [], imports: [] };
}

/**
 * The codec's declaration after the codec file's imports (and its CommonJS export at the end): three lines, the
 * runtime holds the rest (the secret's checks, the encryption, the store of used states).
 */
function declarationEdits(
  sourceFile: SourceFile,
  codec: string,
  style: FileStyle,
  shared: SharedCodec,
  how: { exported: boolean; commonJs: boolean },
): TextEdit[] {
  const { eol } = style;
  const end = style.semicolon ? ';' : '';
  const text = sourceFile.getFullText();
  const exported = how.exported ? 'export ' : '';
  // CommonJS: exported after everything else, so a later `module.exports = { ... }` does not drop it.
  const exportsLine = how.commonJs ? `${eol}module.exports.${codec} = ${codec}${end}${eol}` : undefined;
  const declaration = [
    `// requestState carries the answers between rounds: encrypted, signed with ${STATE_SECRET_ENV}, bound to the`,
    `// method and client, expiring and opened once (${SHARED_CODEC_EXPORT} in ${shared.module}).`,
    `${exported}const ${codec} = ${shared.name}()${end}`,
  ].join(eol);
  const anchor = insertionPoint(sourceFile);
  const codecFile: TextEdit[] = [
    {
      start: anchor,
      end: anchor,
      // After the runtime's import, which shares the insertion point.
      text: anchor === 0 ? `${eol}${declaration}${eol}${eol}` : `${eol}${eol}${declaration}`,
    },
  ];
  if (exportsLine)
    codecFile.push({
      start: text.length,
      end: text.length,
      text: text.endsWith('\n') ? exportsLine.slice(eol.length) : exportsLine,
    });
  return codecFile;
}

/**
 * The runtime's shared codec declared in a file of its own use (ServerWiring.ownCodec): the server's file for its
 * `verify`, or another handler file for its `withAsks`. The runtime gives every file the same codec.
 */
export function ownCodecEdits(file: SourceFile, codec: string, style: FileStyle, shared: SharedCodec): TextEdit[] {
  return declarationEdits(file, codec, style, shared, { exported: false, commonJs: false });
}

/**
 * The other servers built apart (ServerWiring.more): each gets its `verify` and imports the codec as the first one
 * does; an import or re-export two of them share is edited once.
 */
function moreEdits(wiring: ServerWiring, codec: string): Array<{ file: string; edit: TextEdit }> {
  const seen = new Set<object>();
  for (const n of [wiring.importDeclaration, wiring.requireDeclaration, ...(wiring.via ?? [])]) if (n) seen.add(n);
  const shared = (n: object | undefined) => !!n && seen.has(n);
  const out: Array<{ file: string; edit: TextEdit }> = [];
  for (const link of wiring.more ?? []) {
    const file = link.construction.getSourceFile().getFilePath();
    const own = {
      construction: link.construction,
      ...(link.importDeclaration && !shared(link.importDeclaration)
        ? { importDeclaration: link.importDeclaration }
        : {}),
      ...(link.requireDeclaration && !shared(link.requireDeclaration)
        ? { requireDeclaration: link.requireDeclaration }
        : {}),
    };
    for (const edit of verifyEdits(own, codec)) out.push({ file, edit });
    out.push(...viaEdits({ via: (link.via ?? []).filter((d) => !shared(d)) }, codec));
    for (const n of [link.importDeclaration, link.requireDeclaration, ...(link.via ?? [])]) if (n) seen.add(n);
  }
  return out;
}

/** The construction's file, in its own style (it may be another file): the verify in the options, and the codec's import. */
function verifyEdits(
  wiring: Pick<ServerWiring, 'construction' | 'importDeclaration' | 'requireDeclaration'>,
  codec: string,
): TextEdit[] {
  const target = wiring.construction.getSourceFile();
  const targetText = target.getFullText();
  const targetEol = targetText.includes('\r\n') ? '\r\n' : '\n';
  const constructionFile: TextEdit[] = [];
  const verify = `requestState: { verify: ${codec}.verify }`;
  const args = wiring.construction.getArguments();
  const options = args[1];
  if (!options) {
    constructionFile.push({ start: args[0]!.getEnd(), end: args[0]!.getEnd(), text: `, { ${verify} }` });
  } else if (Node.isObjectLiteralExpression(options)) {
    const first = options.getProperties()[0];
    if (!first) constructionFile.push({ start: options.getStart(), end: options.getEnd(), text: `{ ${verify} }` });
    else {
      const multiline = targetText.slice(options.getStart(), first.getStart()).includes('\n');
      const propertyIndent = /^[ \t]*/.exec(
        targetText.slice(targetText.lastIndexOf('\n', first.getStart() - 1) + 1),
      )![0];
      constructionFile.push({
        start: first.getStart(),
        end: first.getStart(),
        text: multiline ? `${verify},${targetEol}${propertyIndent}` : `${verify}, `,
      });
    }
  }
  if (wiring.requireDeclaration) {
    // `const { registerTools } = require('./tools.cjs')` gains the codec.
    const pattern = wiring.requireDeclaration.getNameNode();
    const elements = Node.isObjectBindingPattern(pattern) ? pattern.getElements() : [];
    const last = elements[elements.length - 1];
    if (last) constructionFile.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` });
  }
  if (wiring.importDeclaration) {
    // `import { registerNoteTools } from './tools.js'` gains the codec.
    const named = wiring.importDeclaration.getNamedImports();
    const last = named[named.length - 1]!;
    constructionFile.push({ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` });
  }
  return constructionFile;
}

/** Each file between re-exports it from the next, in that file's own style, after its imports. */
function viaEdits(wiring: Pick<ServerWiring, 'via'>, codec: string): Array<{ file: string; edit: TextEdit }> {
  return (wiring.via ?? []).map((declaration) => {
    const file = declaration.getSourceFile();
    const fileText = file.getFullText();
    const fileEol = fileText.includes('\r\n') ? '\r\n' : '\n';
    const semicolon = declaration.getText().trimEnd().endsWith(';') ? ';' : '';
    const statement = `export { ${codec} } from ${declaration.getModuleSpecifier().getText()}${semicolon}`;
    const at = insertionPoint(file);
    return {
      file: file.getFilePath(),
      edit: { start: at, end: at, text: at === 0 ? `${statement}${fileEol}` : `${fileEol}${statement}` },
    };
  });
}

/** Files that register handlers and import the server's file: `import { server } from './server.js'` gains the codec. */
function importerEdits(wiring: ServerWiring, codec: string): Array<{ file: string; edit: TextEdit }> {
  return (wiring.importers ?? []).map((declaration) => {
    const named = declaration.getNamedImports();
    const last = named[named.length - 1]!;
    return {
      file: declaration.getSourceFile().getFilePath(),
      edit: { start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` },
    };
  });
}

export interface CodecEdits {
  /** Edits of the file that declares the codec (the handler's file). */
  codecFile: TextEdit[];
  /** Edits of the file that builds the server (the same file, or the one that imports the handler's file). */
  constructionFile: TextEdit[];
  /** Re-exports in the files between the two, keyed by file. */
  via: Array<{ file: string; edit: TextEdit }>;
  /** SDK names the codec file needs. */
  imports: string[];
}
