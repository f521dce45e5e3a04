import { Node } from '../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../lib/edits.js';
import type { Ask } from '../plan/asks.js';
import type { ExplicitPlan } from '../plan/planExplicit.js';
import {
  answerValue,
  keptRequestOf,
  keptRequestType,
  requestBuilder,
  validationLines,
  viewNameOf,
  within,
} from './askCode.js';
import { dedent, freshName, type FileStyle } from './kit/codeText.js';
import { INPUT_REQUIRED_BUILDERS } from '../pushMethods.js';
import { capabilitiesOf, widenReturnType, type HandlerRewrite } from './kit/handlerEdits.js';

/**
 * The SDK's write-once form (MRTR.md section 3): read this round's answer; when it is missing, end the
 * round with `inputRequired`; then go on as before with a value shaped like the old call's result.
 * Accept/decline/cancel reach the original branches unchanged (no re-ask loop), and accepted form content
 * is validated against the requested schema as the old `elicitInput` did.
 */
export function rewriteExplicit(plan: ExplicitPlan, style: FileStyle): HandlerRewrite {
  const first = plan.statements[0]!;
  const last = plan.statements[plan.statements.length - 1]!;
  const text = first.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', first.getStart() - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const imports = ['inputRequired', 'inputResponse'];
  const taken = plan.handler.getText();
  const lines: string[] = [];
  // A multi-line request literal stays where it is, named by the line that held the call (see kept below).
  const kept = keptParamsOf(plan, first, taken);
  if (plan.throwUnsupported) lines.push(...unsupportedLines(plan.throwUnsupported, plan.mcpReq, taken, style, imports));
  // One view per ask; the round is complete only when every answer is there (a retry carries only this
  // round's answers, so a partial round is asked again in full).
  const schemaNames = kept
    ? new Map([[kept.ask, `${kept.name}${kept.member}.requestedSchema`]])
    : nameInlineSchemas(plan.asks, style, indent, taken, lines, imports);
  const views = viewsOf(plan, style, taken, lines);
  lines.push(...roundLines(views, schemaNames, style, indent, kept));
  lines.push(...answerLines(views, schemaNames, style, indent, imports));
  const replacement = lines.map((line, i) => (i === 0 ? line : indent + line)).join(style.eol);
  const edits: TextEdit[] = kept
    ? keptParamsEdits(kept, first, last, replacement, indent, style, imports)
    : [{ start: first.getStart(), end: last.getEnd(), text: replacement }];
  for (const read of plan.capabilityReads) {
    edits.push({
      start: read.getStart(),
      end: read.getEnd(),
      text: `(${capabilitiesOf(plan.mcpReq, read.getText(), style)})`,
    });
    imports.push('CLIENT_CAPABILITIES_META_KEY', ...(style.typescript ? ['type ClientCapabilities'] : []));
  }
  if (plan.addContext) edits.push(plan.addContext);
  const widened = widenReturnType(plan.handler);
  if (widened) {
    edits.push(widened);
    imports.push('type InputRequiredResult');
  }
  return { edits, imports };
}

/** A request literal of several lines kept in place: the ask, the literal, and the name it is given. */
interface KeptParams {
  ask: Ask;
  params: Node;
  name: string;
  /** `.params` when the kept literal is the whole request of `sendRequest({ method, params }, ...)`. */
  member: string;
}

/**
 * The one ask's request literal when it spans several lines (a long requestedSchema, a sampling request): it is not
 * moved into the round, where it would be re-indented (and every one of its lines would show in the diff), but
 * named where it is: `const confirmationRequest = {` takes the place of `const confirmation = await ....elicitInput({`.
 */
function keptParamsOf(plan: ExplicitPlan, first: Node, taken: string): KeptParams | undefined {
  const ask = plan.asks.length === 1 && plan.statements.length === 1 ? plan.asks[0]! : undefined;
  const kept = ask && keptRequestOf(ask, taken);
  if (!ask || !kept || !within(kept.params, first)) return undefined;
  // Its lines keep their indentation: only a literal that opens on the statement's own first line reads well there.
  if (kept.params.getStartLineNumber() === first.getStartLineNumber()) return { ask, ...kept, member: '' };
  // The request of `await extra.sendRequest({ method: ..., params: { ... } }, Schema)`, opening on that line or the
  // next: kept whole, its brace on the declaration's line, its other lines where they are; the round asks with its
  // `.params`.
  const request = requestLiteralOf(kept.params);
  const line = request?.getStartLineNumber();
  if (!request || (line !== first.getStartLineNumber() && line !== first.getStartLineNumber() + 1)) return undefined;
  const head = first.getSourceFile().getFullText().slice(first.getStart(), request.getStart());
  if (!/\(\s*$/.test(head)) return undefined;
  return { ask, ...kept, params: request, member: '.params' };
}

/** `{ method: '...', params: <params> }`, the first argument of its call, when that is all it holds. */
function requestLiteralOf(params: Node): Node | undefined {
  const property = params.getParent();
  const request = property?.getParent();
  if (!property || !Node.isPropertyAssignment(property) || property.getName() !== 'params') return undefined;
  if (!request || !Node.isObjectLiteralExpression(request)) return undefined;
  const call = request.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== request) return undefined;
  const names = request.getProperties().map((p) => (Node.isPropertyAssignment(p) ? p.getName() : undefined));
  const method = request.getProperty('method');
  const literal = method && Node.isPropertyAssignment(method) ? method.getInitializer() : undefined;
  if (names.length !== 2 || !names.includes('method') || !literal || !Node.isStringLiteral(literal)) return undefined;
  return request;
}

/** The edits around a kept literal: its statement's head becomes its declaration, and the round follows it. */
function keptParamsEdits(
  kept: KeptParams,
  first: Node,
  last: Node,
  replacement: string,
  indent: string,
  style: FileStyle,
  imports: string[],
): TextEdit[] {
  const end = style.semicolon ? ';' : '';
  const own = keptRequestType(kept.ask, style, imports);
  const type = own && kept.member ? `{ method: string; params: ${own} }` : own;
  return [
    { start: first.getStart(), end: kept.params.getStart(), text: `const ${kept.name}${type ? `: ${type}` : ''} = ` },
    { start: kept.params.getEnd(), end: last.getEnd(), text: `${end}${style.eol}${indent}${replacement}` },
  ];
}

/** One ask's view of this round's answer: its name, and whether it reuses the old binding's name. */
interface AskView {
  ask: Ask;
  view: string;
  reuse: boolean;
}

/** Declarations of the inline requested schemas, added to `lines`; the name of each. */
function nameInlineSchemas(
  asks: Ask[],
  style: FileStyle,
  indent: string,
  taken: string,
  lines: string[],
  imports: string[],
): Map<Ask, string> {
  const q = style.quote;
  const end = style.semicolon ? ';' : '';
  // An inline requestedSchema is needed twice (the question and the validation): name it once, before the round.
  const schemaNames = new Map<Ask, string>();
  for (const ask of asks) {
    const schema = ask.schema?.node;
    if (!schema || !Node.isObjectLiteralExpression(schema) || !ask.params || !within(schema, ask.params)) continue;
    const name = freshName(taken, `${ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Schema`);
    schemaNames.set(ask, name);
    const type = style.typescript ? `: ElicitRequestFormParams[${q}requestedSchema${q}]` : '';
    if (style.typescript) imports.push('type ElicitRequestFormParams');
    lines.push(
      `const ${name}${type} = ${dedent(schema.getText())
        .split(/\r?\n/)
        .join(style.eol + indent)}${end}`,
    );
  }
  return schemaNames;
}

/** The view of each ask's answer (`const xResponse = inputResponse(...)`), its declaration added to `lines`. */
function viewsOf(plan: ExplicitPlan, style: FileStyle, taken: string, lines: string[]): AskView[] {
  const q = style.quote;
  const end = style.semicolon ? ';' : '';
  const responses = `${plan.mcpReq}.inputResponses`;
  return plan.asks.map((ask) => {
    const keyCamel = ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const reuse =
      !!ask.binding && INPUT_REQUIRED_BUILDERS[ask.builder].kind === 'elicitation' && ask.binding.onlyFields;
    const view = reuse
      ? ask.binding!.name
      : freshName(taken, viewNameOf(ask.binding && !ask.binding.pattern ? ask.binding.name : keyCamel));
    lines.push(
      `${reuse ? ask.binding!.keyword : 'const'} ${view} = inputResponse(${responses}, ${q}${ask.key}${q})${end}`,
    );
    return { ask, view, reuse };
  });
}

/** The round: `if` an answer is missing, `return inputRequired(...)` with every ask's request. */
function roundLines(
  views: AskView[],
  schemaNames: Map<Ask, string>,
  style: FileStyle,
  indent: string,
  kept?: KeptParams,
): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  const missing = views
    .map(({ ask, view }) => `${view}.kind !== ${q}${INPUT_REQUIRED_BUILDERS[ask.builder].view}${q}`)
    .join(' || ');
  // Multi-line params keep their own layout, one level deeper (inside the if block).
  const requests = views.map(({ ask }) =>
    kept?.ask === ask
      ? `${ask.key}: inputRequired.${ask.builder}(${kept.name}${kept.member})`
      : `${ask.key}: ${requestBuilder(ask, schemaNames.get(ask))}`,
  );
  if (requests.length === 1) {
    lines.push(
      `if (${missing}) {`,
      `${u}return inputRequired({ inputRequests: { ${requests[0]!.split(/\r?\n/).join(style.eol + indent + u)} } })${end}`,
      `}`,
    );
  } else {
    lines.push(`if (${missing}) {`, `${u}return inputRequired({`, `${u}${u}inputRequests: {`);
    for (const request of requests)
      lines.push(`${u}${u}${u}${request.split(/\r?\n/).join(style.eol + indent + u + u + u)},`);
    lines.push(`${u}${u}},`, `${u}})${end}`, `}`);
  }
  return lines;
}

/** After the round: each answer validated against its requested schema, and the old binding rebuilt from it. */
function answerLines(
  views: AskView[],
  schemaNames: Map<Ask, string>,
  style: FileStyle,
  indent: string,
  imports: string[],
): string[] {
  const u = style.indentUnit;
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  for (const { ask, view, reuse } of views) {
    if (ask.schema) {
      imports.push('ProtocolError', 'ProtocolErrorCode', 'fromJsonSchema');
      lines.push(
        ...validationLines(
          view,
          schemaNames.get(ask) ??
            dedent(ask.schema.node.getText())
              .split(/\r?\n/)
              .join(style.eol + indent + u),
          style,
        ),
      );
    }
    const binding = ask.binding;
    if (binding && !reuse) {
      const answer = answerValue(ask, view, style);
      imports.push(...answer.imports);
      lines.push(`${binding.keyword} ${binding.name} = ${answer.value}${end}`);
    }
  }
  return lines;
}

/** In a try/catch: the old call's error for clients without the capability, thrown before the round (its catch block is the fallback). */
function unsupportedLines(
  unsupported: NonNullable<ExplicitPlan['throwUnsupported']>,
  mcpReq: string,
  taken: string,
  style: FileStyle,
  imports: string[],
): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const { capability, message, server } = unsupported;
  const caps = freshName(taken, 'clientCapabilities');
  const test =
    capability === 'form'
      ? `!${caps}?.elicitation || (!${caps}.elicitation.form && ${caps}.elicitation.url)`
      : capability === 'url'
        ? `!${caps}?.elicitation?.url`
        : `!${caps}?.${capability}`;
  imports.push(
    'SdkError',
    'SdkErrorCode',
    'CLIENT_CAPABILITIES_META_KEY',
    ...(style.typescript ? ['type ClientCapabilities'] : []),
  );
  return [
    // The old call threw this for clients without the capability, and the catch block below ran.
    `const ${caps} = ${capabilitiesOf(mcpReq, `${server}.getClientCapabilities()`, style)}${end}`,
    `if (${test}) {`,
    `${u}throw new SdkError(SdkErrorCode.CapabilityNotSupported, ${q}${message}${q})${end}`,
    `}`,
  ];
}
