// The v2 SDK needs zod >= 4.2, so the step raises a zod 3 range (planPackageJson.ts). zod-to-json-schema reads zod 3
// internals: on a zod 4 schema it returns `{ "$schema": ... }` with no `type`, a tools/list with such an inputSchema is
// rejected by clients (`inputSchema.type expected "object"`), and the whole server is unusable (seen on real v1 servers). zod 4 has
// the converter built in: `zodToJsonSchema(schema)` becomes `z.toJSONSchema(schema, { target: 'draft-7' })` (the
// draft zod-to-json-schema writes by default). Options with a zod 4 equivalent are mapped; a call with any other is
// left as it was and reported. Schemas built with `zod/v3` (zod 3's API, which zod 4 ships) are zod 3 schemas that
// zod 4's converter cannot read (`Cannot read properties of undefined (reading 'def')`): a call whose schema may come
// from zod/v3 keeps zod-to-json-schema, which converts them as before under zod 4.
import fs from 'node:fs';
import path from 'node:path';
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, lineEndingOf, type TextEdit } from '../../../lib/edits.js';
import type { Finding } from '../../../lib/model.js';
import { addNamedImports } from '../../kit/addNamedImports.js';
import { scriptKindOf } from '../../kit/syntax.js';
import { type RepairOutcome } from './types.js';
import { zodNamespace } from './zodNamespace.js';
import { v1ToV2Finding } from '../reasons.js';

const PACKAGE = 'zod-to-json-schema';

/** zod-to-json-schema's `target` values and zod 4's. */
const TARGETS: Readonly<Record<string, string>> = { jsonSchema7: 'draft-7', openApi3: 'openapi-3.0' };

/** `text` with every `zodToJsonSchema(...)` call it can map rewritten to zod 4's `z.toJSONSchema(...)`. */
export function rewriteZodToJsonSchema(file: string, text: string, absPath?: string): RepairOutcome {
  const findings: Finding[] = [];
  if (!text.includes(PACKAGE)) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const imported = converterImport(source);
  if (!imported) return { text, findings };
  const v3 = zodV3Bindings(source, absPath);
  const zod = zodNamespace(source);
  const edits: TextEdit[] = [];
  let kept = 0;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === imported.local && !isImportPart(node)) {
      const call = node.parent;
      const options = ts.isCallExpression(call) && call.expression === node ? optionsOf(call, source) : undefined;
      const schema = ts.isCallExpression(call) ? call.arguments[0] : undefined;
      if (options !== undefined && schema && v3(schema)) {
        kept++;
        findings.push(found('zod-to-json-schema-kept-for-v3', file, lineOf(node), 'its schema is built with zod/v3'));
      } else if (options === undefined || typeof options === 'object' || zod.name === undefined) {
        kept++;
        const why =
          zod.name === undefined
            ? '`z` is taken by another binding, so zod 4 cannot be named here'
            : typeof options === 'object'
              ? options.why
              : 'it is not called here (passed as a value)';
        findings.push(found('zod-to-json-schema-kept', file, lineOf(node), why));
      } else {
        const call2 = call as ts.CallExpression;
        const schema = call2.arguments[0]!.getText(source);
        edits.push({
          start: call2.getStart(source),
          end: call2.getEnd(),
          text: `${zod.name}.toJSONSchema(${schema}, ${options})`,
        });
        findings.push(
          found('zod-to-json-schema-rewritten', file, lineOf(node), 'zodToJsonSchema(...) -> z.toJSONSchema(...)'),
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (edits.length === 0) return { text, findings };
  // The converter's import goes once nothing uses it; `import { z } from 'zod'` takes its place when the file has none.
  const removal = kept === 0 ? imported.removal : undefined;
  if (zod.missing && removal?.text === '' && imported.alone)
    removal.text = `import { z } from ${imported.quote}zod${imported.quote};${lineEndingOf(text)}`;
  else if (zod.missing) edits.push(...addNamedImports(source, { zod: ['z'] }));
  if (removal) edits.push(removal);
  return { text: applyEdits(text, edits), findings };
}

/** The local name of the converter (`import { zodToJsonSchema } from 'zod-to-json-schema'`, or its default import) and the edit removing it. */
function converterImport(
  source: ts.SourceFile,
): { local: string; removal: TextEdit; alone: boolean; quote: string } | undefined {
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== PACKAGE || !statement.importClause) continue;
    const clause = statement.importClause;
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined;
    const element = named?.elements.find((e) => (e.propertyName ?? e.name).text === 'zodToJsonSchema');
    const local = element?.name.text ?? clause.name?.text;
    if (!local) continue;
    const alone = (clause.name ? 1 : 0) + (named?.elements.length ?? 0) === 1;
    let removal: TextEdit;
    if (alone) {
      const end = source.text[statement.getEnd()] === '\n' ? statement.getEnd() + 1 : statement.getEnd();
      removal = { start: statement.getStart(source), end, text: '' };
    } else {
      // Keep the other bindings: only the converter's name goes.
      const rest = named!.elements.filter((e) => e !== element).map((e) => e.getText(source));
      removal = element
        ? { start: named!.getStart(source), end: named!.getEnd(), text: `{ ${rest.join(', ')} }` }
        : { start: clause.name!.getStart(source), end: named!.getStart(source), text: '' };
    }
    const quote = statement.moduleSpecifier.getText(source)[0]!;
    return { local, removal, alone, quote };
  }
  return undefined;
}

/** zod 4's options for a call (text), or why they have no equivalent. */
function optionsOf(call: ts.CallExpression, source: ts.SourceFile): string | { why: string } {
  if (call.arguments.length === 0 || call.arguments.length > 2 || ts.isSpreadElement(call.arguments[0]!))
    return { why: 'its arguments are not (schema[, options])' };
  const options = call.arguments[1];
  if (!options) return `{ target: 'draft-7' }`;
  if (!ts.isObjectLiteralExpression(options))
    return {
      why: 'its second argument is a name or not an object literal (definitions and $ref naming have no z.toJSONSchema equivalent)',
    };
  let target = 'draft-7';
  for (const property of options.properties) {
    const name = property.name && ts.isIdentifier(property.name) ? property.name.text : property.name?.getText(source);
    const value =
      ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)
        ? property.initializer.text
        : undefined;
    if (name === 'target' && value !== undefined && TARGETS[value]) target = TARGETS[value];
    // zod 4 writes a reused schema in place by default (only cycles get a $ref): zod-to-json-schema's `none`.
    else if (name === '$refStrategy' && value === 'none') continue;
    else return { why: `the option \`${property.getText(source)}\` has no z.toJSONSchema equivalent` };
  }
  return `{ target: '${target}' }`;
}

function isImportPart(id: ts.Identifier): boolean {
  return ts.isImportSpecifier(id.parent) || ts.isImportClause(id.parent);
}

function found(
  reason: 'zod-to-json-schema-rewritten' | 'zod-to-json-schema-kept' | 'zod-to-json-schema-kept-for-v3',
  file: string,
  line: number,
  what: string,
): Finding {
  return v1ToV2Finding(
    reason,
    file,
    line,
    reason === 'zod-to-json-schema-rewritten'
      ? `zod raised to 4: ${what}`
      : reason === 'zod-to-json-schema-kept'
        ? `zod raised to 4, zodToJsonSchema kept: ${what}`
        : `zod raised to 4, zodToJsonSchema kept: ${what} (zod 3's API, which zod 4 ships and zod-to-json-schema converts)`,
  );
}

/**
 * Whether a schema expression may be a zod/v3 schema: the file imports zod/v3 itself, or the expression's first
 * name is imported from a relative module of the project that imports zod/v3 (followed through re-exports, a few
 * modules deep). Read from the user's files on disk.
 */
function zodV3Bindings(source: ts.SourceFile, absPath: string | undefined): (schema: ts.Expression) => boolean {
  const specifiers = new Map<string, string>();
  let local = false;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (specifier === 'zod/v3') local = true;
    const clause = statement.importClause;
    if (!clause) continue;
    if (clause.name) specifiers.set(clause.name.text, specifier);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) specifiers.set(bindings.name.text, specifier);
    else if (bindings) for (const e of bindings.elements) specifiers.set(e.name.text, specifier);
  }
  const seen = new Map<string, boolean>();
  return (schema) => {
    if (local) return true;
    let head: ts.Node = schema;
    while (ts.isPropertyAccessExpression(head) || ts.isCallExpression(head) || ts.isAsExpression(head))
      head = ts.isCallExpression(head) ? head.expression : head.expression;
    const specifier = ts.isIdentifier(head) ? specifiers.get(head.text) : undefined;
    if (!specifier || !specifier.startsWith('.') || !absPath) return false;
    return moduleUsesZodV3(path.resolve(path.dirname(absPath), specifier), seen, 3);
  };
}

function moduleUsesZodV3(target: string, seen: Map<string, boolean>, depth: number): boolean {
  const file = moduleFile(target);
  if (!file) return false;
  const known = seen.get(file);
  if (known !== undefined) return known;
  seen.set(file, false);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  let uses = /from\s*['"]zod\/v3['"]|require\(\s*['"]zod\/v3['"]\s*\)/.test(text);
  if (!uses && depth > 0)
    for (const match of text.matchAll(/export\s[^;]*?from\s*['"](\.[^'"]+)['"]/g))
      if (moduleUsesZodV3(path.resolve(path.dirname(file), match[1]!), seen, depth - 1)) uses = true;
  seen.set(file, uses);
  return uses;
}

/** The source file a relative specifier names (`./schemas.js` is `./schemas.ts` in TypeScript sources). */
function moduleFile(target: string): string | undefined {
  const stem = target.replace(/\.[mc]?[jt]sx?$/, '');
  const candidates = [
    target,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${stem}.cts`,
    `${stem}.js`,
    `${stem}.mjs`,
    `${stem}.cjs`,
  ];
  candidates.push(...['index.ts', 'index.js'].map((index) => path.join(target, index)));
  return candidates.find((candidate) => {
    try {
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}
