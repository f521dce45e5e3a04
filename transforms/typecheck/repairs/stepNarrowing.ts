// A journaled step (`await step('log', () => log(result.selectedFile.id))`) moves an expression into an arrow, and
// TypeScript does not carry the narrowing of a property read into a function: `result.selectedFile`, narrowed by the
// `if` around the statement, is `T | undefined` again inside the arrow (TS18048, TS2345, TS2322). The step runs its
// arrow at once, where the statement stood (or not at all: a later round returns the record), so the value is the one
// the condition checked: a non-null assertion on the read says what the condition proved. The same holds for a `let`
// the code narrowed by assigning it (`source = await resolve(...)`, declared `let source: T | undefined` above a
// `try`): inside the arrow TypeScript reads its declared type. Only inside the arrow of a `step(...)` imported from
// the runtime module this tool writes, and only on a property or element read, or a name the arrow does not declare.
import type { ts as TypeScript } from '../../../lib/tsMorph.cjs';
import { REPLAY_RUNTIME_NAME } from '../../mrtr/constants.js';
import type { TypedRepair } from './types.js';

type TS = typeof TypeScript;

const RUNTIME_MODULE = new RegExp(`(^|/)${REPLAY_RUNTIME_NAME}(\\.[cm]?[jt]s)?$`);

export const stepNarrowing: TypedRepair = {
  id: 'step-narrowing',
  codes: [18048, 18047, 2532, 2531, 2345, 2322],
  repair({ ts, node, file, end, code, message }) {
    if (end === undefined) return undefined;
    // An argument or a value of another type than the parameter's is not this repair's: only `undefined` or `null`.
    if ((code === 2345 || code === 2322) && !/'(undefined|null)'/.test(message)) return undefined;
    // The read the error spans: `result.selectedFile` (TS18048), `result.error` as an argument (TS2345).
    let read: TypeScript.Node | undefined = node;
    while (read && read.getEnd() < end && read.parent) read = read.parent;
    if (!read || read.getStart(file) !== node.getStart(file) || read.getEnd() !== end) return undefined;
    const outerName = ts.isIdentifier(read) && !declaredInStep(ts, read, file);
    if (!ts.isPropertyAccessExpression(read) && !ts.isElementAccessExpression(read) && !outerName) return undefined;
    if (!insideStep(ts, read, file)) return undefined;
    return { edits: [{ start: end, end, text: '!' }] };
  },
};

/** Whether a name is declared inside the step's arrow (a local of `async () => { const x = ...; }`), or by no step. */
function declaredInStep(ts: TS, name: TypeScript.Identifier, file: TypeScript.SourceFile): boolean {
  const arrow = stepArrowOf(ts, name, file);
  if (!arrow) return true;
  let declared = false;
  const visit = (n: TypeScript.Node): void => {
    if (declared) return;
    const named = n as { name?: TypeScript.Node };
    if (
      (ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isBindingElement(n) || ts.isFunctionDeclaration(n)) &&
      named.name &&
      ts.isIdentifier(named.name) &&
      named.name.text === name.text
    )
      declared = true;
    ts.forEachChild(n, visit);
  };
  visit(arrow);
  return declared;
}

/** The innermost arrow around the node passed second to a call of a name (`step(label, () => ...)`), if any. */
function stepArrowOf(ts: TS, node: TypeScript.Node, file: TypeScript.SourceFile): TypeScript.ArrowFunction | undefined {
  for (let at: TypeScript.Node | undefined = node; at && at !== file; at = at.parent) {
    const call: TypeScript.Node | undefined = at.parent;
    if (!ts.isArrowFunction(at) || !call || !ts.isCallExpression(call) || call.arguments[1] !== at) continue;
    if (ts.isIdentifier(call.expression)) return at;
  }
  return undefined;
}

/** Whether the node is inside the arrow of `step(label, () => ...)`, `step` imported from the runtime module. */
function insideStep(ts: TS, node: TypeScript.Node, file: TypeScript.SourceFile): boolean {
  const callee = (stepArrowOf(ts, node, file)?.parent as TypeScript.CallExpression | undefined)?.expression;
  if (!callee || !ts.isIdentifier(callee)) return false;
  return file.statements.some(
    (s) =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      RUNTIME_MODULE.test(s.moduleSpecifier.text) &&
      !!s.importClause?.namedBindings &&
      ts.isNamedImports(s.importClause.namedBindings) &&
      s.importClause.namedBindings.elements.some(
        (e) => e.name.text === callee.text && (e.propertyName ?? e.name).text === 'step',
      ),
  );
}
