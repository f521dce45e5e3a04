import { Node } from '../../../lib/tsMorph.cjs';
import type { TextEdit } from '../../../lib/edits.js';
import type { Ask } from '../plan/asks.js';
import type { CarriedLocal } from '../plan/carriedValue.js';
import type { Step, StepsPlan } from '../plan/planSteps.js';
import type { Continuation } from '../plan/stepLayout.js';
import { stateEncrypted } from '../plan/planWiring.js';
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
import { commentLines, keptLines, movedLines, RAW, startWithComments, substituted } from './movedCode.js';

/** What writing one step function shares: the plan, the names it took in the handler, and the moved code's reads. */
interface StepsWriter {
  plan: StepsPlan;
  style: FileStyle;
  codec: string;
  /** The state variable, and the handler's context (`ctx` of `ctx.mcpReq`). */
  state: string;
  ctx: string;
  /** The handler's text: names it uses are taken. */
  taken: string;
  /** The indentation of the handler's body statements. */
  indent: string;
  /** SDK names the rewritten code needs (in the order they are met). */
  imports: string[];
  /** Capability reads in code that moves into a step: rewritten in the moved text. */
  moved: Node[];
  readText: (read: Node) => string;
  /** Pure consts a later step computes again: where nothing uses them before that step, they are not written. */
  recomputed: ReadonlySet<Node>;
}

/**
 * The step function (docs/rewrites.md, "Multi-round handlers: step functions"): the handler resumes at the step the verified requestState names.
 * Each step restores the locals carried to it, reads its answer (asking again, with the same state, while it
 * is missing), runs the code up to the next ask once, and moves on by saving what the next step needs.
 * The last step is not wrapped: it is the rest of the handler, as written.
 */
export function rewriteSteps(plan: StepsPlan, style: FileStyle, codec: string): HandlerRewrite {
  const body = plan.handler.getBody!()!;
  const text = body.getSourceFile().getFullText();
  const firstStatement = plan.firstReplaced;
  const lineStart = text.lastIndexOf('\n', firstStatement.getStart() - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const imports = ['inputRequired', 'inputResponse'];
  const taken = plan.handler.getText();
  const ctx = plan.mcpReq.replace(/\.mcpReq$/, '');
  const state = freshName(taken, 'state');
  const lines = stateLines(plan, style, taken, state, indent, imports);
  // From the first statement's own comments: they move with it.
  const replacementStart = startWithComments(firstStatement);
  const lastReplaced = plan.lastReplaced;
  // Capability reads in code that moves into a step are rewritten in the moved text.
  const moved = plan.capabilityReads.filter(
    (r) => r.getStart() >= replacementStart && r.getStart() < lastReplaced.getEnd(),
  );
  const readText = (read: Node) => `(${capabilitiesOf(plan.mcpReq, read.getText(), style)})`;
  if (plan.capabilityReads.length > 0)
    imports.push('CLIENT_CAPABILITIES_META_KEY', ...(style.typescript ? ['type ClientCapabilities'] : []));
  const recomputed = new Set(plan.steps.flatMap((st) => st.replay));
  const writer: StepsWriter = { plan, style, codec, state, ctx, taken, indent, imports, moved, readText, recomputed };
  for (const step of plan.steps) lines.push(...stepLines(step, writer));
  const replacement = lines
    .map((line, i) => (line.startsWith(RAW) ? line.slice(1) : i === 0 ? line : indent + line))
    .join(style.eol);
  const edits: TextEdit[] = [{ start: replacementStart, end: lastReplaced.getEnd(), text: replacement }];
  for (const read of plan.capabilityReads) {
    if (!moved.includes(read)) edits.push({ start: read.getStart(), end: read.getEnd(), text: readText(read) });
  }
  if (plan.addContext) edits.push(plan.addContext);
  const widened = widenReturnType(plan.handler);
  if (widened) {
    edits.push(widened);
    imports.push('type InputRequiredResult');
  }
  return { edits, imports };
}

/** The state's type (TypeScript) and the state itself: the verified requestState when it is this handler's, else the first step. */
function stateLines(
  plan: StepsPlan,
  style: FileStyle,
  taken: string,
  state: string,
  indent: string,
  imports: string[],
): string[] {
  const { quote: q, indentUnit: u } = style;
  const end = style.semicolon ? ';' : '';
  const resumed = freshName(taken, 'resumed');
  const typeName = freshName(taken, `${pascal(plan.stepPrefix)}State`);
  const steps = plan.steps;
  const lines: string[] = [];
  const allCarried = steps.flatMap((st) => st.carried);
  const serverSide = [...new Set(allCarried.filter((c) => c.serverSide).map((c) => c.name))];
  if (serverSide.length > 0) {
    // The SDK codec signs but does not encrypt (MRTR.md section 3): say where a reviewer reads the state whether
    // the codec (this tool's, or the user's own) keeps server-computed values from the client.
    const names = serverSide.map((n) => `\`${n}\``).join(', ');
    lines.push(
      stateEncrypted(plan.wiring)
        ? `// requestState carries server-computed ${names}: the codec encrypts it, so the client cannot read them.`
        : `// requestState is signed, not encrypted: the client can read ${names} in it.`,
    );
  }
  if (style.typescript) {
    const members = steps.map(
      (st) =>
        `{ step: ${q}${st.name}${q}; call: string${st.carried.map((c) => `; ${c.name}: ${c.date ? 'string' : c.type}`).join('')} }`,
    );
    const oneLine = `type ${typeName} = ${members.join(' | ')}${end}`;
    if (oneLine.length + indent.length <= 120) lines.push(oneLine);
    else lines.push(`type ${typeName} =`, ...members.map((m, i) => `${u}| ${m}${i === members.length - 1 ? end : ''}`));
    for (const type of ['ElicitResult', 'CreateMessageResult', 'CreateMessageResultWithTools', 'ListRootsResult'])
      if (allCarried.some((c) => new RegExp(`\\b${type}\\b`).test(c.type))) imports.push(`type ${type}`);
  }
  const typeArg = style.typescript ? `<${typeName}>` : '';
  const call = freshName(taken, 'call');
  lines.push(
    `const ${resumed} = ${plan.mcpReq}.requestState${typeArg}()${end}`,
    // A state minted for another handler of this server, or for another call of this one (other arguments), starts afresh.
    `const ${call} = JSON.stringify(${callArguments(plan)})${end}`,
    // A state of another shape (a replayed handler's, of the same server) has no step: it is no state of this one.
    `let ${state}${style.typescript ? `: ${typeName}` : ''} = ${resumed} && typeof ${resumed}.step === ${q}string${q} && ${resumed}.step.startsWith(${q}${plan.stepPrefix}:${q}) && ${resumed}.call === ${call} ? ${resumed} : { step: ${q}${steps[0]!.name}${q}, ${call === 'call' ? call : `call: ${call}`} }${end}`,
  );
  return lines;
}

/** One step: `if (state.step === '<name>') { ... }` (the last one unwrapped), its lines each with its full indentation. */
function stepLines(step: Step, w: StepsWriter): string[] {
  const { plan, style, state } = w;
  const inStep = w.indent + style.indentUnit;
  const isLast = step.next.kind === 'rest';
  const base = isLast ? w.indent : inStep;
  // Lines of this step, each with its full indentation.
  const askStatement = step.ask ? plan.statements[plan.asks.indexOf(step.ask)]! : undefined;
  const comments = askStatement ? commentLines(askStatement, base) : [];
  const restored = restoreLines(step.carried, state, style).map((l) => `${RAW}${base}${l}`);
  const replayed = step.replay.flatMap((statement) => movedLines([statement], base, w.moved, w.readText, false));
  const asked = (step.ask ? askLines(step.ask, plan, state, w.ctx, w.codec, style, w.imports, w.taken, base) : []).map(
    (l) => `${RAW}${base}${l}`,
  );
  const inner = [...comments, ...restored, ...replayed, ...asked, ...continuationLines(step.next, inStep, w)];
  return isLast ? inner : [`if (${state}.step === ${style.quote}${step.name}${style.quote}) {`, ...inner, '}'];
}

/** The code a step runs after its ask, and the move to the next step (through the branch of an `if` holding asks). */
function continuationLines(next: Continuation, inStep: string, w: StepsWriter): string[] {
  const u = w.style.indentUnit;
  const { moved, readText, recomputed } = w;
  const inner: string[] = [];
  if (next.kind === 'statements') {
    inner.push(...keptLines(next.statements, [], inStep, moved, readText, recomputed));
    if (!exits(next.statements)) inner.push(`${RAW}${inStep}${moveTo(next.to, w)}`);
  } else if (next.kind === 'branch') {
    const condition = next.branch.getExpression();
    const later = [
      condition,
      ...next.preAsk,
      ...(next.branch.getElseStatement() ? [next.branch.getElseStatement()!] : []),
    ];
    inner.push(...keptLines(next.statements, later, inStep, moved, readText, recomputed));
    inner.push(...commentLines(next.branch, inStep));
    inner.push(`${RAW}${inStep}if (${substituted(condition, moved, readText)}) {`);
    inner.push(
      ...keptLines(next.preAsk, [], inStep + u, moved, readText, recomputed),
      `${RAW}${inStep}${u}${moveTo(next.to, w)}`,
    );
    const otherwise = next.branch.getElseStatement();
    const elseStatements = !otherwise ? [] : Node.isBlock(otherwise) ? otherwise.getStatements() : [otherwise];
    inner.push(`${RAW}${inStep}} else {`, ...movedLines(elseStatements, inStep + u, moved, readText));
    if (!exits(elseStatements)) inner.push(`${RAW}${inStep}${u}${moveTo(next.join, w)}`);
    inner.push(`${RAW}${inStep}}`);
  }
  return inner;
}

/** `state = { step: '<next>', call, ...carried }`: the move to step `to`, saving what it restores. */
function moveTo(to: number, { plan, style, state, taken }: StepsWriter): string {
  const q = style.quote;
  const end = style.semicolon ? ';' : '';
  const saved = plan.steps[to]!.carried.map((c) => (c.date ? `${c.name}: ${c.name}.toISOString()` : c.name));
  const call = freshName(taken, 'call');
  return `${state} = { step: ${q}${plan.steps[to]!.name}${q}, ${call === 'call' ? call : `call: ${call}`}${saved.length ? `, ${saved.join(', ')}` : ''} }${end}`;
}

/** The handler's arguments as the client sent them (its context left out): what binds a state to its call. */
function callArguments(plan: StepsPlan): string {
  const ctx = plan.mcpReq.replace(/\.mcpReq$/, '');
  const parts: string[] = [];
  for (const parameter of plan.handler.getParameters()) {
    if (!Node.isParameterDeclaration(parameter)) continue;
    const name = parameter.getNameNode();
    if (Node.isIdentifier(name)) {
      if (name.getText() !== ctx) parts.push(name.getText());
    } else if (Node.isObjectBindingPattern(name) || Node.isArrayBindingPattern(name)) {
      parts.push(boundValue(name));
    }
  }
  return `[${parts.join(', ')}]`;
}

/**
 * What a destructuring parameter binds, rebuilt as an expression: `{ params: { uri } }` gives `{ params: { uri } }`,
 * so a nested value (a resource's URI in a low-level handler's request) binds the state as a flat one does.
 */
function boundValue(pattern: Node): string {
  if (Node.isIdentifier(pattern)) return pattern.getText();
  if (Node.isArrayBindingPattern(pattern)) {
    const items = pattern.getElements().map((element) => {
      if (!Node.isBindingElement(element)) return 'undefined';
      const value = boundValue(element.getNameNode());
      return element.getDotDotDotToken() ? `...${value}` : value;
    });
    return `[${items.join(', ')}]`;
  }
  if (!Node.isObjectBindingPattern(pattern)) return 'undefined';
  const properties = pattern.getElements().map((element) => {
    const bound = element.getNameNode();
    if (element.getDotDotDotToken()) return `...${bound.getText()}`;
    const property = element.getPropertyNameNode()?.getText();
    if (Node.isIdentifier(bound)) return property ? `${property}: ${bound.getText()}` : bound.getText();
    return `${property ?? bound.getText()}: ${boundValue(bound)}`;
  });
  return `{ ${properties.join(', ')} }`;
}

/** Whether the statements end with a return or a throw (nothing moves on after them). */
function exits(statements: Node[]): boolean {
  const last = statements[statements.length - 1];
  return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
}

/** `const { a, b } = state;` (and `let` for lets); a Date comes back from its ISO string. */
function restoreLines(carried: CarriedLocal[], state: string, style: FileStyle): string[] {
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  for (const keyword of ['const', 'let', 'var'] as const) {
    const names = carried.filter((c) => c.keyword === keyword && !c.date).map((c) => c.name);
    if (names.length > 0) lines.push(`${keyword} { ${names.join(', ')} } = ${state}${end}`);
  }
  for (const c of carried.filter((c) => c.date))
    lines.push(`${c.keyword} ${c.name} = new Date(${state}.${c.name})${end}`);
  return lines;
}

/** Read this step's answer; ask (again) while it is missing, keeping the state; validate and rebuild the old result. */
function askLines(
  ask: Ask,
  plan: StepsPlan,
  state: string,
  ctx: string,
  codec: string,
  style: FileStyle,
  imports: string[],
  taken: string,
  indent: string,
): string[] {
  const { quote: q, indentUnit: u, eol } = style;
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  const keyCamel = ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  let schemaName: string | undefined;
  const schema = ask.schema?.node;
  // A request literal of several lines is declared with its own lines (the same text where the step stays at the
  // call's indentation), and referred to: see keptRequestOf.
  // Inside a step's block it is one level deeper: an inline requestedSchema named on its own keeps its lines there.
  const inlineSchema = !!schema && Node.isObjectLiteralExpression(schema) && !!ask.params && within(schema, ask.params);
  const statement = plan.statements[plan.asks.indexOf(ask)];
  const kept = inlineSchema && indentOf(statement) !== indent ? undefined : keptRequestOf(ask, taken);
  if (kept) {
    const type = keptRequestType(ask, style, imports);
    lines.push(
      `const ${kept.name}${type ? `: ${type}` : ''} = ${dedent(kept.params.getText())
        .split(/\r?\n/)
        .join(eol + indent)}${end}`,
    );
    if (schema) schemaName = `${kept.name}.requestedSchema`;
  } else if (inlineSchema) {
    schemaName = freshName(taken, `${keyCamel}Schema`);
    const type = style.typescript ? `: ElicitRequestFormParams[${q}requestedSchema${q}]` : '';
    if (style.typescript) imports.push('type ElicitRequestFormParams');
    lines.push(
      `const ${schemaName}${type} = ${dedent(schema.getText())
        .split(/\r?\n/)
        .join(eol + indent)}${end}`,
    );
  }
  const view = freshName(taken, viewNameOf(ask.binding && !ask.binding.pattern ? ask.binding.name : keyCamel));
  // An answer counts only when the verified state of this call says the last round asked this very question.
  const responses = `${state} === ${freshName(taken, 'resumed')} ? ${plan.mcpReq}.inputResponses : undefined`;
  lines.push(`const ${view} = inputResponse(${responses}, ${q}${ask.key}${q})${end}`);
  const builder = kept ? `inputRequired.${ask.builder}(${kept.name})` : requestBuilder(ask, schemaName);
  const request = `${ask.key}: ${builder}`.split(/\r?\n/).join(eol + indent + u + u);
  lines.push(
    `if (${view}.kind !== ${q}${INPUT_REQUIRED_BUILDERS[ask.builder].view}${q}) {`,
    `${u}return inputRequired({`,
    `${u}${u}inputRequests: { ${request} },`,
    `${u}${u}requestState: await ${codec}.mint(${state}, ${ctx}),`,
    `${u}})${end}`,
    `}`,
  );
  if (ask.schema) {
    imports.push('ProtocolError', 'ProtocolErrorCode', 'fromJsonSchema');
    lines.push(
      ...validationLines(
        view,
        schemaName ??
          dedent(ask.schema.node.getText())
            .split(/\r?\n/)
            .join(eol + indent + u),
        style,
      ),
    );
  }
  const binding = ask.binding;
  if (binding) {
    const answer = answerValue(ask, view, style);
    imports.push(...answer.imports);
    lines.push(`${binding.keyword === 'var' ? 'let' : binding.keyword} ${binding.name} = ${answer.value}${end}`);
  }
  return lines;
}

/** The indentation of the line a statement starts on. */
function indentOf(statement: Node | undefined): string | undefined {
  if (!statement) return undefined;
  const text = statement.getSourceFile().getFullText();
  return /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', statement.getStart() - 1) + 1))![0];
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}
