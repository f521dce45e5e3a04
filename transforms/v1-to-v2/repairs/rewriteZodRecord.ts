// zod 4 dropped `z.record(valueSchema)`: a record takes its key schema first (`z.record(z.string(), value)`), and a
// one-argument call no longer type-checks (TS2554) and fails at run time. zod 3's one-argument form keyed the record by
// strings, so the step's raise to zod 4 (planPackageJson.ts) writes that key in: the same schema, the same JSON
// Schema. Seen in 4 of the real-world suite's v1 servers.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../../lib/edits.js';
import type { Finding } from '../../../lib/model.js';
import { mayHoldZodRecord } from '../ids.js';
import type { RepairOutcome } from './types.js';
import { scriptKindOf } from '../../kit/syntax.js';
import { zodNamespace } from './zodNamespace.js';
import { v1ToV2Finding } from '../reasons.js';

/** `text` with every `<zod>.record(value)` call written `<zod>.record(<zod>.string(), value)`. */
export function rewriteZodRecord(file: string, text: string): RepairOutcome {
  const findings: Finding[] = [];
  if (!mayHoldZodRecord(text)) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const zod = zodNamespace(source);
  if (zod.missing || zod.name === undefined) return { text, findings };
  const edits: TextEdit[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      node.arguments.length === 1 &&
      !ts.isSpreadElement(node.arguments[0]!) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'record' &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === zod.name
    ) {
      const value = node.arguments[0]!;
      edits.push({ start: value.getStart(source), end: value.getStart(source), text: `${zod.name}.string(), ` });
      findings.push(
        v1ToV2Finding(
          'zod-record-key-added',
          file,
          source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          `zod raised to 4: ${zod.name}.record(value) -> ${zod.name}.record(${zod.name}.string(), value)`,
        ),
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits.length === 0 ? { text, findings } : { text: applyEdits(text, edits), findings };
}
