import path from 'node:path';
import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { SourceFile } from 'ts-morph';
import { lineEndingOf, type TextEdit } from '../../../lib/edits.js';
import type { Ask } from '../plan/planExplicit.js';
import type { CarriedLocal, StepsPlan } from '../plan/planSteps.js';
import type { ServerWiring } from '../plan/planWiring.js';
import { answerValue, capabilitiesOf, dedent, freshName, viewNameOf, requestBuilder, styleOf, validationLines, widenReturnType, within, type ExplicitRewrite, type FileStyle } from './rewriteExplicit.js';

const VIEW_KIND = { elicit: 'elicit', elicitUrl: 'elicit', createMessage: 'sampling', listRoots: 'roots' } as const;

/** The env var holding the requestState secret (>= 32 bytes, the same on every server instance). */
export const STATE_SECRET_ENV = 'MCP_REQUEST_STATE_SECRET';
/** How long a minted requestState stays valid: long enough for a person to answer a form, short enough to bound replays. */
export const STATE_TTL_SECONDS = 600;

/**
 * The step function (DESIGN.md section 4): the handler resumes at the step the verified requestState names.
 * Each step restores the locals carried to it, reads its answer (asking again, with the same state, while it
 * is missing), runs the code up to the next ask once, and moves on by saving what the next step needs.
 * The last step is not wrapped: it is the rest of the handler, as written.
 */
export function rewriteSteps(plan: StepsPlan, style: FileStyle, codec: string): ExplicitRewrite {
  const { quote: q, indentUnit: u, eol } = style;
  const end = style.semicolon ? ';' : '';
  const body = plan.handler.getBody!()!;
  const text = body.getSourceFile().getFullText();
  const firstStatement = plan.firstReplaced;
  const lineStart = text.lastIndexOf('\n', firstStatement.getStart() - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))![0];
  const imports = ['inputRequired', 'inputResponse'];
  const taken = plan.handler.getText();
  const ctx = plan.mcpReq.replace(/\.mcpReq$/, '');
  const state = freshName(taken, 'state');
  const resumed = freshName(taken, 'resumed');
  const typeName = freshName(taken, `${pascal(plan.stepPrefix)}State`);
  const steps = plan.steps;
  const lines: string[] = [];
  const allCarried = steps.flatMap((st) => st.carried);
  const serverSide = [...new Set(allCarried.filter((c) => c.serverSide).map((c) => c.name))];
  if (serverSide.length > 0) {
    // The SDK codec signs but does not encrypt (MRTR.md section 3): say so where a reviewer reads the state.
    lines.push(`// requestState is signed, not encrypted: the client can read ${serverSide.map((n) => `\`${n}\``).join(', ')} in it.`);
  }
  if (style.typescript) {
    const members = steps.map((st) => `{ step: ${q}${st.name}${q}${st.carried.map((c) => `; ${c.name}: ${c.date ? 'string' : c.type}`).join('')} }`);
    const oneLine = `type ${typeName} = ${members.join(' | ')}${end}`;
    if (oneLine.length + indent.length <= 120) lines.push(oneLine);
    else lines.push(`type ${typeName} =`, ...members.map((m, i) => `${u}| ${m}${i === members.length - 1 ? end : ''}`));
    for (const type of ['ElicitResult', 'CreateMessageResult', 'CreateMessageResultWithTools', 'ListRootsResult']) if (allCarried.some((c) => new RegExp(`\\b${type}\\b`).test(c.type))) imports.push(`type ${type}`);
  }
  const typeArg = style.typescript ? `<${typeName}>` : '';
  lines.push(
    // A state minted for another handler of this server starts this one afresh.
    `const ${resumed} = ${plan.mcpReq}.requestState${typeArg}()${end}`,
    `let ${state}${style.typescript ? `: ${typeName}` : ''} = ${resumed} && ${resumed}.step.startsWith(${q}${plan.stepPrefix}:${q}) ? ${resumed} : { step: ${q}${steps[0]!.name}${q} }${end}`,
  );
  // From the first statement's own comments: they move with it.
  const replacementStart = startWithComments(firstStatement);
  const lastReplaced = plan.lastReplaced;
  // Capability reads in code that moves into a step are rewritten in the moved text.
  const moved = plan.capabilityReads.filter((r) => r.getStart() >= replacementStart && r.getStart() < lastReplaced.getEnd());
  const readText = (read: Node) => `(${capabilitiesOf(plan.mcpReq, read.getText(), style)})`;
  if (plan.capabilityReads.length > 0) imports.push('CLIENT_CAPABILITIES_META_KEY', ...(style.typescript ? ['type ClientCapabilities'] : []));
  const moveTo = (to: number) => {
    const saved = steps[to]!.carried.map((c) => (c.date ? `${c.name}: ${c.name}.toISOString()` : c.name));
    return `${state} = { step: ${q}${steps[to]!.name}${q}${saved.length ? `, ${saved.join(', ')}` : ''} }${end}`;
  };
  const exits = (statements: Node[]) => {
    const last = statements[statements.length - 1];
    return !!last && (Node.isReturnStatement(last) || Node.isThrowStatement(last));
  };
  const inStep = indent + u;
  // Pure consts a later step computes again: where nothing uses them before that step, they are not written.
  const recomputed = new Set(steps.flatMap((st) => st.replay));
  for (const [i, step] of steps.entries()) {
    const isLast = step.next.kind === 'rest';
    const base = isLast ? indent : inStep;
    // Lines of this step, each with its full indentation.
    const askStatement = step.ask ? plan.statements[plan.asks.indexOf(step.ask)]! : undefined;
    const comments = askStatement ? commentLines(askStatement, base) : [];
    const restored = restoreLines(step.carried, state, style).map((l) => `${RAW}${base}${l}`);
    const replayed = step.replay.flatMap((statement) => movedLines([statement], base, moved, readText, false));
    const asked = (step.ask ? askLines(step.ask, plan, state, ctx, codec, style, imports, taken, base) : []).map((l) => `${RAW}${base}${l}`);
    const inner = [...comments, ...restored, ...replayed, ...asked];
    const next = step.next;
    if (next.kind === 'statements') {
      inner.push(...keptLines(next.statements, [], inStep, moved, readText, recomputed));
      if (!exits(next.statements)) inner.push(`${RAW}${inStep}${moveTo(next.to)}`);
    } else if (next.kind === 'branch') {
      const condition = next.branch.getExpression();
      const later = [condition, ...next.preAsk, ...(next.branch.getElseStatement() ? [next.branch.getElseStatement()!] : [])];
      inner.push(...keptLines(next.statements, later, inStep, moved, readText, recomputed));
      inner.push(...commentLines(next.branch, inStep));
      inner.push(`${RAW}${inStep}if (${substituted(condition, moved, readText)}) {`);
      inner.push(...keptLines(next.preAsk, [], inStep + u, moved, readText, recomputed), `${RAW}${inStep}${u}${moveTo(next.to)}`);
      const otherwise = next.branch.getElseStatement();
      const elseStatements = !otherwise ? [] : Node.isBlock(otherwise) ? otherwise.getStatements() : [otherwise];
      inner.push(`${RAW}${inStep}} else {`, ...movedLines(elseStatements, inStep + u, moved, readText));
      if (!exits(elseStatements)) inner.push(`${RAW}${inStep}${u}${moveTo(next.join)}`);
      inner.push(`${RAW}${inStep}}`);
    }
    if (isLast) lines.push(...inner);
    else lines.push(`if (${state}.step === ${q}${step.name}${q}) {`, ...inner, '}');
    void i;
  }
  const replacement = lines.map((line, i) => (line.startsWith(RAW) ? line.slice(1) : i === 0 ? line : indent + line)).join(eol);
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

/** `const { a, b } = state;` (and `let` for lets); a Date comes back from its ISO string. */
function restoreLines(carried: CarriedLocal[], state: string, style: FileStyle): string[] {
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  for (const keyword of ['const', 'let', 'var'] as const) {
    const names = carried.filter((c) => c.keyword === keyword && !c.date).map((c) => c.name);
    if (names.length > 0) lines.push(`${keyword} { ${names.join(', ')} } = ${state}${end}`);
  }
  for (const c of carried.filter((c) => c.date)) lines.push(`${c.keyword} ${c.name} = new Date(${state}.${c.name})${end}`);
  return lines;
}

/** Read this step's answer; ask (again) while it is missing, keeping the state; validate and rebuild the old result. */
function askLines(ask: Ask, plan: StepsPlan, state: string, ctx: string, codec: string, style: FileStyle, imports: string[], taken: string, indent: string): string[] {
  const { quote: q, indentUnit: u, eol } = style;
  const end = style.semicolon ? ';' : '';
  const lines: string[] = [];
  const keyCamel = ask.key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  let schemaName: string | undefined;
  const schema = ask.schema?.node;
  if (schema && Node.isObjectLiteralExpression(schema) && ask.params && within(schema, ask.params)) {
    schemaName = freshName(taken, `${keyCamel}Schema`);
    const type = style.typescript ? `: ElicitRequestFormParams[${q}requestedSchema${q}]` : '';
    if (style.typescript) imports.push('type ElicitRequestFormParams');
    lines.push(`const ${schemaName}${type} = ${dedent(schema.getText()).split(/\r?\n/).join(eol + indent)}${end}`);
  }
  const view = freshName(taken, viewNameOf(ask.binding && !ask.binding.pattern ? ask.binding.name : keyCamel));
  lines.push(`const ${view} = inputResponse(${plan.mcpReq}.inputResponses, ${q}${ask.key}${q})${end}`);
  const request = `${ask.key}: ${requestBuilder(ask, schemaName)}`.split(/\r?\n/).join(eol + indent + u + u);
  lines.push(
    `if (${view}.kind !== ${q}${VIEW_KIND[ask.builder]}${q}) {`,
    `${u}return inputRequired({`,
    `${u}${u}inputRequests: { ${request} },`,
    `${u}${u}requestState: await ${codec}.mint(${state}, ${ctx}),`,
    `${u}})${end}`,
    `}`,
  );
  if (ask.schema) {
    imports.push('ProtocolError', 'ProtocolErrorCode', 'fromJsonSchema');
    lines.push(...validationLines(view, schemaName ?? dedent(ask.schema.node.getText()).split(/\r?\n/).join(eol + indent + u), style));
  }
  const binding = ask.binding;
  if (binding) {
    const answer = answerValue(ask, view, style);
    imports.push(...answer.imports);
    lines.push(`${binding.keyword === 'var' ? 'let' : binding.keyword} ${binding.name} = ${answer.value}${end}`);
  }
  return lines;
}

/** Marks a line that already carries its full indentation. */
const RAW = '\u0000';

/**
 * The statements' source (comments between them included), moved to `target` indentation, with capability
 * reads replaced; returned as raw lines. A line that starts inside a template literal or string keeps its
 * text exactly: indenting it would change the value.
 */
function movedLines(statements: Node[], target: string, reads: Node[], readText: (read: Node) => string, withComments = true): string[] {
  if (statements.length === 0) return [];
  const sourceFile = statements[0]!.getSourceFile();
  const full = sourceFile.getFullText();
  const start = withComments ? startWithComments(statements[0]!) : statements[0]!.getStart();
  const endPos = statements[statements.length - 1]!.getEnd();
  const original = full.slice(start, endPos);
  const from = /^[ \t]*/.exec(full.slice(full.lastIndexOf('\n', start - 1) + 1))![0];
  const literals = statements
    .flatMap((s) => [s, ...s.getDescendants()])
    .filter((n) => Node.isNoSubstitutionTemplateLiteral(n) || Node.isTemplateExpression(n) || Node.isStringLiteral(n))
    .map((n) => [n.getStart() - start, n.getEnd() - start] as const);
  const keep = new Set<number>();
  let offset = 0;
  for (const [i, line] of original.split('\n').entries()) {
    if (i > 0 && literals.some(([s, e]) => offset > s && offset < e)) keep.add(i);
    offset += line.length + 1;
  }
  let text = original;
  for (const read of [...reads].filter((r) => r.getStart() >= start && r.getEnd() <= endPos).sort((x, y) => y.getStart() - x.getStart())) {
    text = text.slice(0, read.getStart() - start) + readText(read) + text.slice(read.getEnd() - start);
  }
  return text.split('\n').map((line, i) => {
    const content = line.replace(/\r$/, '');
    if (i === 0) return `${RAW}${target}${content}`;
    if (keep.has(i)) return `${RAW}${content}`;
    if (content.trim() === '') return RAW;
    return `${RAW}${target}${content.startsWith(from) ? content.slice(from.length) : content.trimStart()}`;
  });
}

/**
 * The moved statements without the pure consts recomputed later that nothing in this step reads (the
 * statements after them, or `later`: the branch condition and the code of its branches).
 */
function keptLines(statements: Node[], later: Node[], target: string, reads: Node[], readText: (read: Node) => string, replayed: ReadonlySet<Node>): string[] {
  const unused = (statement: Node, index: number) => {
    if (!replayed.has(statement) || !Node.isVariableStatement(statement)) return false;
    const names = statement.getDeclarations().flatMap((d) => [d.getNameNode(), ...d.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier)]).filter((n) => Node.isIdentifier(n));
    const after = [...statements.slice(index + 1), ...later].flatMap((n) => [n, ...n.getDescendantsOfKind(SyntaxKind.Identifier)]);
    return !names.some((name) => after.some((ref) => Node.isIdentifier(ref) && ref.getText() === name.getText() && ref.getSymbol() === name.getSymbol()));
  };
  const lines: string[] = [];
  let run: Node[] = [];
  for (const [index, statement] of statements.entries()) {
    if (unused(statement, index)) {
      lines.push(...movedLines(run, target, reads, readText));
      run = [];
    } else run.push(statement);
  }
  return [...lines, ...movedLines(run, target, reads, readText)];
}

/** Where a statement's own leading comments begin (they move with it). */
function startWithComments(node: Node): number {
  const comments = node.getLeadingCommentRanges();
  return comments.length > 0 ? comments[0]!.getPos() : node.getStart();
}

/** A statement's leading comments, as raw lines at `target` indentation (they stay with the code they describe). */
function commentLines(node: Node, target: string): string[] {
  const comments = node.getLeadingCommentRanges();
  if (comments.length === 0) return [];
  const full = node.getSourceFile().getFullText();
  const from = /^[ \t]*/.exec(full.slice(full.lastIndexOf('\n', comments[0]!.getPos() - 1) + 1))![0];
  return full
    .slice(comments[0]!.getPos(), comments[comments.length - 1]!.getEnd())
    .split('\n')
    .map((line, i) => {
      const content = line.replace(/\r$/, '');
      return `${RAW}${target}${i === 0 ? content : content.startsWith(from) ? content.slice(from.length) : content.trimStart()}`;
    });
}

/** An expression's text with the capability reads inside it replaced. */
function substituted(node: Node, reads: Node[], readText: (read: Node) => string): string {
  let text = node.getText();
  for (const read of [...reads].filter((r) => r.getStart() >= node.getStart() && r.getEnd() <= node.getEnd()).sort((x, y) => y.getStart() - x.getStart())) {
    text = text.slice(0, read.getStart() - node.getStart()) + readText(read) + text.slice(read.getEnd() - node.getStart());
  }
  return text;
}

function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/**
 * Once per file that constructs a server with step functions: the codec (key from MCP_REQUEST_STATE_SECRET, a
 * clear startup error without it, a TTL, bound to the method and the authenticated client) and its verify
 * wired into the constructor's options, so a tampered, expired or foreign state is rejected (-32602) before
 * any handler runs.
 */
export function codecEdits(wiring: ServerWiring, codec: string, style: FileStyle): CodecEdits {
  const { quote: q, indentUnit: u, eol } = style;
  const end = style.semicolon ? ';' : '';
  if (wiring.existing) {
    // A codec the user declared in a module of its own: the handlers' file imports it from there (once).
    const from = wiring.existingFrom;
    const declarations = from ? wiring.codecFile.getImportDeclarations().filter((d) => !d.isTypeOnly() && d.getModuleSpecifierSourceFile() === from) : [];
    const imported = declarations.some((d) => d.getNamedImports().some((n) => n.getName() === codec && !n.getAliasNode()));
    if (!from || from === wiring.codecFile || imported) return { codecFile: [], constructionFile: [], via: [], imports: [] };
    // `import { server } from './server.js'` gains it; else a new import of it.
    const named = declarations.find((d) => d.getNamedImports().length > 0)?.getNamedImports();
    const last = named?.[named.length - 1];
    const codecFile = last ? [{ start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` }] : [namedImportEdit(wiring.codecFile, codec, from.getFilePath())];
    return { codecFile, constructionFile: [], via: [], imports: [] };
  }
  const sourceFile = wiring.codecFile;
  const text = sourceFile.getFullText();
  const secret = freshName(text, 'requestStateSecret');
  const bindParam = style.typescript ? '(ctx: ServerContext)' : '(ctx)';
  const exported = wiring.importDeclaration || wiring.importers ? 'export ' : '';
  // CommonJS: exported after everything else, so a later `module.exports = { ... }` does not drop it.
  const exportsLine = wiring.requireDeclaration ? `${eol}module.exports.${codec} = ${codec}${end}${eol}` : undefined;
  const declaration = [
    `// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed`,
    `// with ${STATE_SECRET_ENV} (at least 32 bytes, the same on every server instance), expires, and is bound to the`,
    `// request method and the authenticated client.`,
    `const ${secret} = process.env.${STATE_SECRET_ENV} ?? ${q}${q}${end}`,
    `if (new TextEncoder().encode(${secret}).length < 32) {`,
    `${u}throw new Error(${q}${STATE_SECRET_ENV} must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests${q})${end}`,
    `}`,
    `${exported}const ${codec} = createRequestStateCodec({`,
    `${u}key: ${secret},`,
    `${u}ttlSeconds: ${STATE_TTL_SECONDS},`,
    `${u}bind: ${bindParam} => \`\${ctx.mcpReq.method}\\u0000\${ctx.http?.authInfo?.clientId ?? ${q}${q}}\`,`,
    `})${end}`,
  ].join(eol);
  const anchor = insertionPoint(sourceFile);
  const codecFile: TextEdit[] = [{ start: anchor, end: anchor, text: anchor === 0 ? `${declaration}${eol}${eol}` : `${eol}${eol}${declaration}` }];
  if (exportsLine) codecFile.push({ start: text.length, end: text.length, text: text.endsWith('\n') ? exportsLine.slice(eol.length) : exportsLine });
  // The construction's file, in its own style (it may be another file).
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
      const propertyIndent = /^[ \t]*/.exec(targetText.slice(targetText.lastIndexOf('\n', first.getStart() - 1) + 1))![0];
      constructionFile.push({ start: first.getStart(), end: first.getStart(), text: multiline ? `${verify},${targetEol}${propertyIndent}` : `${verify}, ` });
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
  // Files that register handlers and import the server's file: `import { server } from './server.js'` gains the codec.
  const importers = (wiring.importers ?? []).map((declaration) => {
    const named = declaration.getNamedImports();
    const last = named[named.length - 1]!;
    return { file: declaration.getSourceFile().getFilePath(), edit: { start: last.getEnd(), end: last.getEnd(), text: `, ${codec}` } };
  });
  // Each file between re-exports it from the next, in that file's own style, after its imports.
  const via = (wiring.via ?? []).map((declaration) => {
    const file = declaration.getSourceFile();
    const fileText = file.getFullText();
    const fileEol = fileText.includes('\r\n') ? '\r\n' : '\n';
    const semicolon = declaration.getText().trimEnd().endsWith(';') ? ';' : '';
    const statement = `export { ${codec} } from ${declaration.getModuleSpecifier().getText()}${semicolon}`;
    const at = insertionPoint(file);
    return { file: file.getFilePath(), edit: { start: at, end: at, text: at === 0 ? `${statement}${fileEol}` : `${fileEol}${statement}` } };
  });
  return { codecFile, constructionFile, via: [...via, ...importers], imports: ['createRequestStateCodec', ...(style.typescript ? ['type ServerContext'] : [])] };
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

/** After the last import (or require) at the top of the file; else at its start, after a shebang and directives. */
export function insertionPoint(sourceFile: SourceFile): number {
  let point = 0;
  for (const statement of sourceFile.getStatements()) {
    const isImport = Node.isImportDeclaration(statement) || Node.isImportEqualsDeclaration(statement);
    const isRequire = Node.isVariableStatement(statement) && /^\s*(const|let|var)\s[^=]+=\s*require\(/.test(statement.getText());
    const isDirective = Node.isExpressionStatement(statement) && Node.isStringLiteral(statement.getExpression());
    if (isImport || isRequire || isDirective) point = statement.getEnd();
    else break;
  }
  if (point === 0) {
    const text = sourceFile.getFullText();
    if (text.startsWith('#!')) point = text.indexOf('\n') === -1 ? text.length : text.indexOf('\n');
  }
  return point;
}

/** The runtime module as this file names relative modules (with `.js` under NodeNext, as its other imports do). */
export function specifierOf(file: SourceFile, runtimePath: string): string {
  let relative = path.relative(path.dirname(file.getFilePath()), runtimePath).split(path.sep).join('/');
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const emitted = relative.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
  const specifiers = [...file.getImportDeclarations().map((d) => d.getModuleSpecifierValue()), ...[...file.getFullText().matchAll(/\brequire\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!)].filter((s) => s.startsWith('.'));
  const extensionless = specifiers.length > 0 && specifiers.every((s) => !/\.[cm]?[jt]sx?$/.test(s));
  return extensionless ? emitted.replace(/\.[cm]?js$/, '') : emitted;
}

export function isCommonJs(file: SourceFile): boolean {
  if (/\.c[jt]s$/.test(file.getFilePath())) return true;
  if (/\.m[jt]s$/.test(file.getFilePath())) return false;
  return file.getImportDeclarations().length === 0 && /\brequire\(/.test(file.getFullText());
}

/** `import { name } from './module.js'` (or the `require` form) after the file's last import, in its own style. */
export function namedImportEdit(file: SourceFile, name: string, modulePath: string): TextEdit {
  const text = file.getFullText();
  const style = styleOf(text, file.getFilePath());
  const end = style.semicolon ? ';' : '';
  const specifier = specifierOf(file, modulePath);
  const statement = isCommonJs(file) ? `const { ${name} } = require(${style.quote}${specifier}${style.quote})${end}` : `import { ${name} } from ${style.quote}${specifier}${style.quote}${end}`;
  const anchor = insertionPoint(file);
  return { start: anchor, end: anchor, text: anchor === 0 ? `${statement}${lineEndingOf(text)}` : `${lineEndingOf(text)}${statement}` };
}
