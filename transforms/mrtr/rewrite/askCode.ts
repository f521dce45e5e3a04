import { Node } from '../../../lib/tsMorph.cjs';
import { singleBlockSampling, type Ask } from '../plan/asks.js';
import { CHECKED_ANSWER, CHECKED_ANSWER_NEED } from './kit/checkedAnswer.js';
import { dedent, freshName, type FileStyle } from './kit/codeText.js';
import { isReplaySafeExpression } from '../analyse/replaySafe.js';
import { INPUT_REQUIRED_BUILDERS } from '../pushMethods.js';

// The code of one ask in the explicit form and in a step function: the `inputRequired` builder that asks it,
// the view of its answer, the validation of accepted form content, and the old call's result rebuilt.

/**
 * The old call's result, rebuilt from the answer `view` (an `inputResponse` narrowed to its kind), and the
 * type imports it needs. In TypeScript the validated form content keeps the old result's type, and a sampling
 * answer keeps the old call's type: the low-level `createMessage` without `tools` (and a request validated by
 * `CreateMessageResultSchema`) returned a `CreateMessageResult`, one content block, where the answer is typed
 * as either form; the client was asked without tools, so it answers with one block. Sampling and roots answers
 * are parsed with the SDK's result schema, as the old `createMessage` and `listRoots` parsed the client's result:
 * a malformed one fails with the old call's `InvalidResult` error, never as a TypeError in the code after it.
 */
export function answerValue(ask: Ask, view: string, style: FileStyle): { value: string; imports: string[] } {
  const q = style.quote;
  if (ask.builder === 'createMessage') {
    const type =
      singleBlockSampling(ask) || !mayAskWithTools(ask) ? 'CreateMessageResult' : 'CreateMessageResultWithTools';
    return { value: `${CHECKED_ANSWER}(${q}${type}${q}, ${view}.result)`, imports: [CHECKED_ANSWER_NEED] };
  }
  if (ask.builder === 'listRoots')
    return {
      value: `${CHECKED_ANSWER}(${q}ListRootsResult${q}, { roots: ${view}.roots })`,
      imports: [CHECKED_ANSWER_NEED],
    };
  // A pattern (`const { action } = ...`) reads straight from the answer, which has the old result's `action` and
  // `content` (a rebuilt literal would trip TypeScript's excess-property check on the members it leaves out).
  if (ask.binding?.pattern) return { value: view, imports: [] };
  if (!style.typescript) return { value: `{ action: ${view}.action, content: ${view}.content }`, imports: [] };
  return {
    value: `{ action: ${view}.action, content: ${view}.content as ElicitResult[${q}content${q}] }`,
    imports: ['type ElicitResult'],
  };
}

/**
 * The old elicitInput rejected accepted content that did not match requestedSchema, with the validator's
 * message; MRTR answers arrive unvalidated, so keep both. Needs ProtocolError, ProtocolErrorCode, fromJsonSchema.
 */
export function validationLines(view: string, schema: string, style: FileStyle): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  return [
    `if (${view}.action === ${q}accept${q} && ${view}.content) {`,
    `${u}const validation = fromJsonSchema(${schema})[${q}~standard${q}].validate(${view}.content)${end}`,
    `${u}if (!(validation instanceof Promise) && validation.issues) {`,
    `${u}${u}const problems = validation.issues.map((issue) => issue.message).join(${q}, ${q})${end}`,
    `${u}${u}throw new ProtocolError(ProtocolErrorCode.InvalidParams, \`Elicitation response content does not match requested schema: \${problems}\`)${end}`,
    `${u}}`,
    `}`,
  ];
}

/** Whether the question may offer tools: its params are not a literal without `tools` and `toolChoice`. */
function mayAskWithTools(ask: Ask): boolean {
  const params = ask.params;
  if (!params || !Node.isObjectLiteralExpression(params)) return true;
  return params
    .getProperties()
    .some(
      (p) =>
        !(Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) ||
        ['tools', 'toolChoice'].includes(p.getName()),
    );
}

/** Whether `inner` lies inside `outer`'s text. */
export function within(inner: Node, outer: Node): boolean {
  return inner.getStart() >= outer.getStart() && inner.getEnd() <= outer.getEnd();
}

/** The params' text, with an inline requestedSchema replaced by the name it was given. */
function paramsText(ask: Ask, schemaName: string | undefined): string {
  const params = ask.params!;
  const text = params.getText();
  const schema = ask.schema?.node;
  if (!schemaName || !schema) return text;
  const start = schema.getStart() - params.getStart();
  return text.slice(0, start) + schemaName + text.slice(start + schema.getText().length);
}

/** The `inputRequired.<builder>(...)` call that asks what the old call asked. */
export function requestBuilder(plan: Ask, schemaName?: string): string {
  const params = plan.params ? dedent(paramsText(plan, schemaName)) : '';
  if (!INPUT_REQUIRED_BUILDERS[plan.builder].params) return `inputRequired.${plan.builder}()`;
  const literal = plan.params;
  if (plan.builder !== 'elicitUrl' || !literal || !Node.isObjectLiteralExpression(literal))
    return `inputRequired.${plan.builder}(${params})`;
  // The 2026-07-28 URL mode has no `mode` member in the builder's params and no elicitationId.
  const kept = literal
    .getProperties()
    .filter(
      (p) =>
        !(Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) ||
        !['mode', 'elicitationId'].includes(p.getName()),
    );
  return `inputRequired.elicitUrl({ ${kept.map((p) => p.getText()).join(', ')} })`;
}

/** The name of the `inputResponse` view of an answer bound to `name`: `nameResponse` (`responseAnswer` for a `response`). */
export function viewNameOf(name: string): string {
  return /response$/i.test(name) ? `${name}Answer` : `${name}Response`;
}

/**
 * A request literal of several lines (a long requestedSchema, a sampling request) is not moved into the round, where
 * it would be re-indented and every one of its lines would show in the diff: it is declared as a const where the
 * call stood, with its own lines (`const confirmationRequest = {` in place of `const confirmation = await
 * ....elicitInput({`), and the round refers to it. The literal and the name it gets, when the ask's literal is one
 * (and safe to evaluate on every round: the round's own copy ran only while the answer was missing).
 */
export function keptRequestOf(ask: Ask, taken: string): { params: Node; name: string } | undefined {
  const params = ask.params;
  if (!params || (ask.builder !== 'elicit' && ask.builder !== 'createMessage')) return undefined;
  if (!Node.isObjectLiteralExpression(params) || !/\n/.test(params.getText())) return undefined;
  if (!isReplaySafeExpression(params)) return undefined;
  const base =
    ask.binding && !ask.binding.pattern
      ? ask.binding.name
      : ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return { params, name: freshName(taken, `${base}Request`) };
}

/** The type a kept request literal is declared with (TypeScript: its own type import added), else ''. */
export function keptRequestType(ask: Ask, style: FileStyle, imports: string[]): string {
  if (!style.typescript) return '';
  const type = ask.builder === 'elicit' ? 'ElicitRequestFormParams' : 'CreateMessageRequestParams';
  imports.push(`type ${type}`);
  return type;
}
