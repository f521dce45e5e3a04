// The v2 SDK needs zod >= 4.2, so the step raises a zod 3 range (planPackageJson.ts). zod-to-json-schema reads zod 3
// internals: on a zod 4 schema it returns `{ "$schema": ... }` with no `type`, a tools/list with such an inputSchema is
// rejected by clients (`inputSchema.type expected "object"`), and the whole server is unusable (issue 18). zod 4 has
// the converter built in: `zodToJsonSchema(schema)` becomes `z.toJSONSchema(schema, { target: 'draft-7' })` (the
// draft zod-to-json-schema writes by default). Options with a zod 4 equivalent are mapped; a call with any other is
// left as it was and reported.
import { ts } from '../../lib/tsMorph.cjs';
import { applyEdits, lineEndingOf, type TextEdit } from '../../lib/edits.js';
import type { Finding } from '../../lib/model.js';
import { addNamedImports } from './addNamedImports.js';
import { V1_TO_V2_ID } from './ids.js';
import { isDeclaration, type RepairOutcome } from './restoreImports.js';
import { scriptKindOf } from './rewriteServing.js';

const PACKAGE = 'zod-to-json-schema';

/** zod-to-json-schema's `target` values and zod 4's. */
const TARGETS: Readonly<Record<string, string>> = { jsonSchema7: 'draft-7', openApi3: 'openapi-3.0' };

/** `text` with every `zodToJsonSchema(...)` call it can map rewritten to zod 4's `z.toJSONSchema(...)`. */
export function rewriteZodToJsonSchema(file: string, text: string): RepairOutcome {
  const findings: Finding[] = [];
  if (!text.includes(PACKAGE)) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const imported = converterImport(source);
  if (!imported) return { text, findings };
  const zod = zodNamespace(source);
  const edits: TextEdit[] = [];
  let kept = 0;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === imported.local && !isImportPart(node)) {
      const call = node.parent;
      const options = ts.isCallExpression(call) && call.expression === node ? optionsOf(call, source) : undefined;
      if (options === undefined || typeof options === 'object' || zod.name === undefined) {
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

/** The name zod 4's namespace has in the file (`import { z } from 'zod'`, `import * as z from 'zod'`), or `z` to import. */
export function zodNamespace(source: ts.SourceFile): { name: string | undefined; missing: boolean } {
  let taken = false;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (statement.moduleSpecifier.text === 'zod' && clause && !clause.isTypeOnly) {
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) return { name: bindings.name.text, missing: false };
      const z =
        bindings && ts.isNamedImports(bindings)
          ? bindings.elements.find((e) => (e.propertyName ?? e.name).text === 'z')
          : undefined;
      if (z && !z.isTypeOnly) return { name: z.name.text, missing: false };
    }
    if (clause && ts.isImportDeclaration(statement) && /\bz\b/.test(clause.getText(source))) taken = true;
  }
  if (taken || declaresZ(source)) return { name: undefined, missing: false };
  return { name: 'z', missing: true };
}

function declaresZ(source: ts.SourceFile): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && ts.isIdentifier(name) && name.text === 'z' && isDeclaration(node)) found = true;
    if (!found) ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
  reason: 'zod-to-json-schema-rewritten' | 'zod-to-json-schema-kept',
  file: string,
  line: number,
  what: string,
): Finding {
  const rewritten = reason === 'zod-to-json-schema-rewritten';
  return {
    transform: V1_TO_V2_ID,
    reason,
    decision: rewritten ? 'info' : 'review',
    level: rewritten ? 'info' : 'warning',
    file,
    line,
    message: rewritten ? `zod raised to 4: ${what}` : `zod raised to 4, zodToJsonSchema kept: ${what}`,
  };
}
