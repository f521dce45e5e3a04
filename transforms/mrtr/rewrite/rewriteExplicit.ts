import { Node } from '../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../lib/edits.js';
import { singleBlockSampling, type Ask, type ExplicitPlan } from '../plan/planExplicit.js';

export interface FileStyle {
  /** TypeScript source (casts allowed); JavaScript gets no type syntax. */
  typescript: boolean;
  quote: "'" | '"';
  semicolon: boolean;
  indentUnit: string;
  eol: '\n' | '\r\n';
}

export interface ExplicitRewrite {
  edits: TextEdit[];
  /** Names the rewritten code needs from `@modelcontextprotocol/server`. */
  imports: string[];
}

const VIEW_KIND = { elicit: 'elicit', elicitUrl: 'elicit', createMessage: 'sampling', listRoots: 'roots' } as const;

/**
 * The SDK's write-once form (MRTR.md section 3): read this round's answer; when it is missing, end the
 * round with `inputRequired`; then go on as before with a value shaped like the old call's result.
 * Accept/decline/cancel reach the original branches unchanged (no re-ask loop), and accepted form content
 * is validated against the requested schema as the old `elicitInput` did.
 */
export function rewriteExplicit(plan: ExplicitPlan, style: FileStyle): ExplicitRewrite {
  const { quote: q, semicolon, indentUnit: u } = style;
  const end = semicolon ? ';' : '';
  const first = plan.statements[0]!;
  const last = plan.statements[plan.statements.length - 1]!;
  const text = first.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', first.getStart() - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const imports = ['inputRequired', 'inputResponse'];
  const taken = plan.handler.getText();
  const responses = `${plan.mcpReq}.inputResponses`;
  const lines: string[] = [];
  if (plan.throwUnsupported) {
    const { capability, message, server } = plan.throwUnsupported;
    const caps = freshName(taken, 'clientCapabilities');
    const test =
      capability === 'form'
        ? `!${caps}?.elicitation || (!${caps}.elicitation.form && ${caps}.elicitation.url)`
        : capability === 'url'
          ? `!${caps}?.elicitation?.url`
          : `!${caps}?.${capability}`;
    imports.push('SdkError', 'SdkErrorCode', 'CLIENT_CAPABILITIES_META_KEY', ...(style.typescript ? ['type ClientCapabilities'] : []));
    lines.push(
      // The old call threw this for clients without the capability, and the catch block below ran.
      `const ${caps} = ${capabilitiesOf(plan.mcpReq, `${server}.getClientCapabilities()`, style)}${end}`,
      `if (${test}) {`,
      `${u}throw new SdkError(SdkErrorCode.CapabilityNotSupported, ${q}${message}${q})${end}`,
      `}`,
    );
  }
  // One view per ask; the round is complete only when every answer is there (a retry carries only this
  // round's answers, so a partial round is asked again in full).
  // An inline requestedSchema is needed twice (the question and the validation): name it once, before the round.
  const schemaNames = new Map<Ask, string>();
  for (const ask of plan.asks) {
    const schema = ask.schema?.node;
    if (!schema || !Node.isObjectLiteralExpression(schema) || !ask.params || !within(schema, ask.params)) continue;
    const name = freshName(taken, `${ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Schema`);
    schemaNames.set(ask, name);
    const type = style.typescript ? `: ElicitRequestFormParams[${q}requestedSchema${q}]` : '';
    if (style.typescript) imports.push('type ElicitRequestFormParams');
    lines.push(`const ${name}${type} = ${dedent(schema.getText()).split(/\r?\n/).join(style.eol + indent)}${end}`);
  }
  const views = plan.asks.map((ask) => {
    const keyCamel = ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const reuse = !!ask.binding && ask.builder !== 'createMessage' && ask.builder !== 'listRoots' && ask.binding.onlyFields;
    const view = reuse ? ask.binding!.name : freshName(taken, viewNameOf(ask.binding && !ask.binding.pattern ? ask.binding.name : keyCamel));
    lines.push(`${reuse ? ask.binding!.keyword : 'const'} ${view} = inputResponse(${responses}, ${q}${ask.key}${q})${end}`);
    return { ask, view, reuse };
  });
  const missing = views.map(({ ask, view }) => `${view}.kind !== ${q}${VIEW_KIND[ask.builder]}${q}`).join(' || ');
  // Multi-line params keep their own layout, one level deeper (inside the if block).
  const requests = views.map(({ ask }) => `${ask.key}: ${requestBuilder(ask, schemaNames.get(ask))}`);
  if (requests.length === 1) {
    lines.push(`if (${missing}) {`, `${u}return inputRequired({ inputRequests: { ${requests[0]!.split(/\r?\n/).join(style.eol + indent + u)} } })${end}`, `}`);
  } else {
    lines.push(`if (${missing}) {`, `${u}return inputRequired({`, `${u}${u}inputRequests: {`);
    for (const request of requests) lines.push(`${u}${u}${u}${request.split(/\r?\n/).join(style.eol + indent + u + u + u)},`);
    lines.push(`${u}${u}},`, `${u}})${end}`, `}`);
  }
  for (const { ask, view, reuse } of views) {
    if (ask.schema) {
      imports.push('ProtocolError', 'ProtocolErrorCode', 'fromJsonSchema');
      lines.push(...validationLines(view, schemaNames.get(ask) ?? dedent(ask.schema.node.getText()).split(/\r?\n/).join(style.eol + indent + u), style));
    }
    const binding = ask.binding;
    if (binding && !reuse) {
      const answer = answerValue(ask, view, style);
      imports.push(...answer.imports);
      lines.push(`${binding.keyword} ${binding.name} = ${answer.value}${end}`);
    }
  }
  const replacement = lines.map((line, i) => (i === 0 ? line : indent + line)).join(style.eol);
  const edits: TextEdit[] = [{ start: first.getStart(), end: last.getEnd(), text: replacement }];
  for (const read of plan.capabilityReads) {
    edits.push({ start: read.getStart(), end: read.getEnd(), text: `(${capabilitiesOf(plan.mcpReq, read.getText(), style)})` });
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

/**
 * The old elicitInput rejected accepted content that did not match requestedSchema, with the validator's
 * message; MRTR answers arrive unvalidated, so keep both. Needs ProtocolError, ProtocolErrorCode, fromJsonSchema.
 */
/**
 * The old call's result, rebuilt from the answer `view` (an `inputResponse` narrowed to its kind), and the
 * type imports it needs. In TypeScript the validated form content keeps the old result's type, and a sampling
 * answer keeps the old call's type: the low-level `createMessage` without `tools` (and a request validated by
 * `CreateMessageResultSchema`) returned a `CreateMessageResult`, one content block, where the answer is typed
 * as either form; the client was asked without tools, so it answers with one block.
 */
export function answerValue(ask: Ask, view: string, style: FileStyle): { value: string; imports: string[] } {
  const q = style.quote;
  if (ask.builder === 'createMessage') {
    return style.typescript && singleBlockSampling(ask) ? { value: `${view}.result as CreateMessageResult`, imports: ['type CreateMessageResult'] } : { value: `${view}.result`, imports: [] };
  }
  // A `{ roots }` pattern reads straight from the answer, which carries `roots` like the old result.
  if (ask.builder === 'listRoots') return { value: ask.binding?.pattern ? view : `{ roots: ${view}.roots }`, imports: [] };
  // A pattern (`const { action } = ...`) reads straight from the answer, which has the old result's `action` and
  // `content` (a rebuilt literal would trip TypeScript's excess-property check on the members it leaves out).
  if (ask.binding?.pattern) return { value: view, imports: [] };
  if (!style.typescript) return { value: `{ action: ${view}.action, content: ${view}.content }`, imports: [] };
  return { value: `{ action: ${view}.action, content: ${view}.content as ElicitResult[${q}content${q}] }`, imports: ['type ElicitResult'] };
}


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

/**
 * `async (args, ctx): Promise<CallToolResult> => ...` must also admit the input-required result now: the edit
 * that adds `| InputRequiredResult` to a declared return type (inside `Promise<...>`), if there is one to widen.
 */
export function widenReturnType(handler: Node): TextEdit | undefined {
  const returnType = (handler as { getReturnTypeNode?: () => Node | undefined }).getReturnTypeNode?.();
  if (!returnType || /\bInputRequiredResult\b/.test(returnType.getText())) return undefined;
  const promised = Node.isTypeReference(returnType) && returnType.getTypeName().getText() === 'Promise' ? returnType.getTypeArguments()[0] : undefined;
  const target = promised ?? returnType;
  return { start: target.getEnd(), end: target.getEnd(), text: ' | InputRequiredResult' };
}

/** The request's own client capabilities (2026 era), else what initialize declared (2025 era, through the shim). */
export function capabilitiesOf(mcpReq: string, fallback: string, style: FileStyle): string {
  const envelope = style.typescript
    ? `((${mcpReq}.envelope as Record<string, unknown> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)`
    : `${mcpReq}.envelope?.[CLIENT_CAPABILITIES_META_KEY]`;
  return `${envelope} ?? ${fallback}`;
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

export function requestBuilder(plan: Ask, schemaName?: string): string {
  const params = plan.params ? dedent(paramsText(plan, schemaName)) : '';
  switch (plan.builder) {
    case 'elicit':
      return `inputRequired.elicit(${params})`;
    case 'createMessage':
      return `inputRequired.createMessage(${params})`;
    case 'listRoots':
      return 'inputRequired.listRoots()';
    case 'elicitUrl': {
      // The 2026-07-28 URL mode has no `mode` member in the builder's params and no elicitationId.
      const literal = plan.params;
      if (!literal || !Node.isObjectLiteralExpression(literal)) return `inputRequired.elicitUrl(${params})`;
      const kept = literal.getProperties().filter((p) => !(Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) || !['mode', 'elicitationId'].includes(p.getName()));
      return `inputRequired.elicitUrl({ ${kept.map((p) => p.getText()).join(', ')} })`;
    }
  }
}

/** `base`, or `base2`, `base3`... when the handler already uses that name. */
/** The name of the `inputResponse` view of an answer bound to `name`: `nameResponse` (`responseAnswer` for a `response`). */
export function viewNameOf(name: string): string {
  return /response$/i.test(name) ? `${name}Answer` : `${name}Response`;
}

export function freshName(handlerText: string, base: string): string {
  const used = (name: string) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(handlerText);
  if (!used(base)) return base;
  let n = 2;
  while (used(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** Strip the common indentation of a node's continuation lines, so the text can be re-indented where it moves. */
export function dedent(text: string): string {
  const lines = text.split(/\r?\n/);
  const rest = lines.slice(1).filter((l) => l.trim().length > 0);
  if (rest.length === 0) return text;
  const common = Math.min(...rest.map((l) => /^[ \t]*/.exec(l)![0].length));
  return [lines[0], ...lines.slice(1).map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length)))].join('\n');
}

/** The file's habits: quote style, semicolons, indent unit and line ending, read from its own text. */
export function styleOf(text: string, fileName: string): FileStyle {
  const single = (text.match(/'/g) ?? []).length;
  const double = (text.match(/"/g) ?? []).length;
  const statements = text.match(/[)\]}\w'"`]\s*$/gm) ?? [];
  const withSemicolon = (text.match(/;\s*$/gm) ?? []).length;
  // Block-comment continuation lines (` * ...`) are not indentation steps.
  const indents = [...text.matchAll(/^([ \t]+)[^\s*]/gm)].map((m) => m[1]!);
  const tab = indents.some((i) => i.startsWith('\t'));
  const spaces = indents.filter((i) => !i.includes('\t')).map((i) => i.length).filter((n) => n > 0);
  const unit = tab ? '\t' : ' '.repeat(spaces.length ? Math.min(...spaces) : 2);
  return {
    typescript: /\.(ts|tsx|mts|cts)$/.test(fileName),
    quote: double > single ? '"' : "'",
    semicolon: withSemicolon >= statements.length / 2 || withSemicolon > 0,
    indentUnit: unit,
    eol: text.includes('\r\n') ? '\r\n' : '\n',
  };
}
