// The official codemod removes an import whose module has no v2 home (experimental tasks, zod-compat) but keeps the
// code that uses it: the migrated server then dies at load (`ReferenceError: InMemoryTaskStore is not defined`,
// seen on a real v1 server). Each name the v1 text imported from the SDK that the output still uses, and no longer binds, gets its
// import back: from the v2 package that exports it, else from its v1 specifier while package.json still lists the
// v1 package (a review item: the code runs, the v1 API is still to replace), else a review item naming it.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, lineEndingOf, type TextEdit } from '../../../lib/edits.js';
import { addNamedImports } from '../../kit/addNamedImports.js';
import type { Finding } from '../../../lib/model.js';
import { ownQuote } from '../../kit/importQuotes.js';
import { scriptKindOf, isDeclaration } from '../../kit/syntax.js';
import { V2_HOMES } from '../constants.js';
import type { RepairOutcome } from './types.js';
import { v1ToV2Finding } from '../reasons.js';

interface V1Binding {
  local: string;
  imported: string;
  specifier: string;
  typeOnly: boolean;
}

/** `text` (the official codemod's output for `userText`) with the imports it removed but the code still uses put back. */
export function restoreImports(file: string, userText: string, text: string, v1Listed: boolean): RepairOutcome {
  const findings: Finding[] = [];
  if (!userText.includes('@modelcontextprotocol/sdk')) return { text, findings };
  const before = parse(file, userText);
  const after = parse(file, text);
  const bound = boundNames(after);
  const used = usedNames(after);
  const missing = v1Bindings(before).filter((b) => !bound.has(b.local) && used.has(b.local));
  if (missing.length === 0) return { text, findings };
  const quote = ownQuote(userText) ?? '"';
  const v2: Record<string, string[]> = {};
  const v1 = new Map<string, V1Binding[]>();
  const edits: TextEdit[] = [];
  for (const binding of missing) {
    const renamed = errorCodeAsType(after, binding, bound);
    if (renamed) {
      edits.push(...renamed);
      if (!bound.has(PROTOCOL_ERROR_CODE)) (v2[ERROR_CODE_HOME] ??= []).push(`type ${PROTOCOL_ERROR_CODE}`);
      continue;
    }
    const home = V2_HOMES[binding.imported];
    const line = lineOf(after, used.get(binding.local)!);
    if (home) {
      const name = binding.imported === binding.local ? binding.local : `${binding.imported} as ${binding.local}`;
      (v2[home.module] ??= []).push(home.type ? `type ${name}` : name);
      findings.push(finding('import-restored', file, line, binding, `its import is back, from ${home.module}`));
    } else if (v1Listed) {
      // Reported from the final text by findCodemodMarkers (import-kept-on-v1), on this run and the next ones.
      v1.set(binding.specifier, [...(v1.get(binding.specifier) ?? []), binding]);
    } else {
      findings.push(finding('import-removed-in-use', file, line, binding, 'no v2 package exports it'));
    }
  }
  edits.push(...addNamedImports(after, v2));
  if (v1.size > 0) {
    const newline = lineEndingOf(text);
    const lines = [...v1].map(([specifier, bindings]) => importLine(specifier, bindings, quote));
    const imports = after.statements.filter(ts.isImportDeclaration);
    const at = imports.length > 0 ? imports[imports.length - 1].getEnd() : 0;
    edits.push({
      start: at,
      end: at,
      text: imports.length > 0 ? newline + lines.join(newline) : lines.join(newline) + newline,
    });
  }
  if (edits.length === 0) return { text, findings };
  const repaired = applyEdits(text, edits);
  // Lines of the output after the repair: each finding's line moves by the lines inserted above it.
  for (const f of findings) {
    const at = offsetOfLine(text, f.line);
    f.line += edits
      .filter((e) => e.start <= at)
      .reduce((n, e) => n + e.text.split('\n').length - 1 - (text.slice(e.start, e.end).split('\n').length - 1), 0);
  }
  return { text: repaired, findings };
}

const PROTOCOL_ERROR_CODE = 'ProtocolErrorCode';
const ERROR_CODE_HOME = '@modelcontextprotocol/server';

/**
 * v1's `ErrorCode` left as a type (`function codeOf(status: number): ErrorCode`) where the official codemod moved its
 * values to `ProtocolErrorCode.X`: with the v1 import back, every code returned would be a type error (v1's enum is
 * another type). The codes are the same numbers, so each type reference becomes v2's `ProtocolErrorCode`: the edits,
 * or undefined when the name is read as a value too (or the file has another `ProtocolErrorCode`).
 */
function errorCodeAsType(
  source: ts.SourceFile,
  binding: V1Binding,
  bound: ReadonlySet<string>,
): TextEdit[] | undefined {
  if (binding.imported !== 'ErrorCode') return undefined;
  if (bound.has(PROTOCOL_ERROR_CODE) && !importsFrom(source, PROTOCOL_ERROR_CODE, ERROR_CODE_HOME)) return undefined;
  const edits: TextEdit[] = [];
  let value = false;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && node.text === binding.local && isReference(node)) {
      if (ts.isTypeReferenceNode(node.parent) && node.parent.typeName === node)
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: PROTOCOL_ERROR_CODE });
      else value = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return value || edits.length === 0 ? undefined : edits;
}

/** Whether the file imports `name` from `module` under its own name. */
function importsFrom(source: ts.SourceFile, name: string, module: string): boolean {
  return source.statements.some((s) => {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier) || s.moduleSpecifier.text !== module)
      return false;
    const named = s.importClause?.namedBindings;
    return !!named && ts.isNamedImports(named) && named.elements.some((e) => e.name.text === name && !e.propertyName);
  });
}

function importLine(specifier: string, bindings: V1Binding[], quote: string): string {
  const allTypes = bindings.every((b) => b.typeOnly);
  const names = bindings.map((b) => {
    const name = b.imported === b.local ? b.local : `${b.imported} as ${b.local}`;
    return b.typeOnly && !allTypes ? `type ${name}` : name;
  });
  return `import ${allTypes ? 'type ' : ''}{ ${names.join(', ')} } from ${quote}${specifier}${quote};`;
}

function finding(
  reason: 'import-restored' | 'import-removed-in-use',
  file: string,
  line: number,
  binding: V1Binding,
  what: string,
): Finding {
  return v1ToV2Finding(
    reason,
    file,
    line,
    `\`${binding.local}\` is still used after the official codemod removed its import from ${binding.specifier}: ${what}`,
  );
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
}

/** The named imports of the v1 SDK (a default or namespace import has no single name to put back). */
function v1Bindings(source: ts.SourceFile): V1Binding[] {
  const out: V1Binding[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('@modelcontextprotocol/sdk')) continue;
    const clause = statement.importClause;
    if (!clause?.namedBindings || !ts.isNamedImports(clause.namedBindings)) continue;
    for (const element of clause.namedBindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      const typeOnly = clause.isTypeOnly || element.isTypeOnly;
      out.push({ local: element.name.text, imported, specifier, typeOnly });
    }
  }
  return out;
}

/** Every name the file declares or imports, anywhere (a local of the same name: nothing to restore, to be safe). */
function boundNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name) && isDeclaration(node)) names.add(name.text);
    if (ts.isImportClause(node) && node.name) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The names the file reads (value or type position), each with its first position. */
function usedNames(source: ts.SourceFile): Map<string, number> {
  const used = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && isReference(node) && !used.has(node.text)) used.set(node.text, node.getStart(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

function isReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if ((parent as { name?: ts.Node }).name === id && !ts.isShorthandPropertyAssignment(parent)) return false;
  if (ts.isQualifiedName(parent) && parent.right === id) return false;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) return false;
  return !ts.isExportSpecifier(parent) || parent.propertyName === id || parent.propertyName === undefined;
}

function lineOf(source: ts.SourceFile, offset: number): number {
  return source.getLineAndCharacterOfPosition(offset).line + 1;
}

function offsetOfLine(text: string, line: number): number {
  let offset = 0;
  for (let i = 1; i < line; i++) offset = text.indexOf('\n', offset) + 1;
  return offset;
}
