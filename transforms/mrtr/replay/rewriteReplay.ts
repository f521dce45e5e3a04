import path from 'node:path';
import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { CatchClause, SourceFile } from 'ts-morph';
import { indentAt, lineEndingOf, type TextEdit } from '../../../lib/edits.js';
import type { ReplayPlan } from './planReplay.js';
import type { RejectionHandler } from './replayPath.js';
import { runtimeFileText } from './replayRuntime.js';
import { stepEdits } from './stepEdits.js';
import { freshName, styleOf } from '../rewrite/kit/codeText.js';
import { codecEdits, ownCodecEdits } from '../rewrite/kit/codec.js';
import { namedImportEdit } from '../rewrite/kit/moduleImports.js';
import { SHARED_CODEC_EXPORT, type RuntimeImports } from '../rewrite/kit/runtimeImports.js';

export interface ReplayRewrite {
  /** Edits per absolute file path. */
  edits: Map<string, TextEdit[]>;
  /** SDK names each file needs (the codec's). */
  imports: Map<string, string[]>;
  /** The runtime module to create, when the project does not hold it yet. */
  runtime?: { path: string; text: string };
}

/**
 * The replay rewrite of one server: each ask becomes the runtime's `ask.<method>(...)` in place, each handler
 * reaching one is wrapped with `withAsks` at its registration, catch clauses on the way rethrow the
 * input-required signal, capability reads read the request's own capabilities, effects before an ask run once as
 * journaled steps, and the server gets its
 * requestState codec (shared with step functions) and the runtime module.
 */
export function rewriteReplay(
  plan: ReplayPlan,
  codec: string,
  runtime: RuntimeImports,
  otherCodecs: string[] = [],
): ReplayRewrite {
  const out = new RuntimeEdits(runtime, plan.runtimePath);
  for (const { call, method, receiverArgument } of plan.askCalls) {
    const callee = call.getExpression();
    const text = `${out.nameIn(call.getSourceFile(), 'ask')}.${method}`;
    // `ask.call(server, params, options)` -> `ask.elicitInput(params, options)`: the receiver goes with the callee.
    // Up to the comma after the receiver and the spaces after it: a comment before the params stays.
    const [receiver] = call.getArguments();
    const after = receiver ? /^\s*,[ \t]*/.exec(call.getSourceFile().getFullText().slice(receiver.getEnd())) : null;
    if (receiverArgument && receiver)
      out.add(call.getSourceFile(), {
        start: callee.getStart(),
        end: receiver.getEnd() + (after?.[0].length ?? 0),
        text: `${text}(`,
      });
    else out.add(call.getSourceFile(), { start: callee.getStart(), end: callee.getEnd(), text });
  }
  unusedReceiverEdits(plan, out);
  for (const read of plan.capabilityReads) {
    out.add(read.getSourceFile(), {
      start: read.getStart(),
      end: read.getEnd(),
      text: `${out.nameIn(read.getSourceFile(), 'clientCapabilities')}()`,
    });
  }
  stepEdits(plan.steps.values(), out);
  for (const clause of plan.guards) catchGuardEdits(clause, out);
  for (const handler of plan.handlerGuards) handlerGuardEdits(handler, out);
  for (const settled of plan.settled) {
    // `Promise.allSettled(...)` turns the signal into a `{ status: 'rejected' }` entry: its results rethrow it.
    out.add(settled.getSourceFile(), {
      start: settled.getEnd(),
      end: settled.getEnd(),
      text: `.then(${out.nameIn(settled.getSourceFile(), 'rethrowInputRequired')})`,
    });
  }
  for (const registration of plan.registrations) {
    const file = registration.call.getSourceFile();
    const callback = registration.callback;
    // A handler of a server built apart is wrapped with the codec its own file declares.
    const other = plan.otherOf.get(registration);
    const its = other ? (otherCodecs[plan.others.indexOf(other)] ?? codec) : codec;
    out.add(file, {
      start: callback.getStart(),
      end: callback.getStart(),
      text: `${out.nameIn(file, 'withAsks')}(${registration.lowLevelServer}, ${its}, `,
    });
    const name = registeredName(registration.call);
    out.add(file, {
      start: callback.getEnd(),
      end: callback.getEnd(),
      text: name ? `, { ${name === 'name' ? name : `name: ${name}`} })` : ')',
    });
  }
  const ordered = withImports(plan, codec, out);
  const imports = new Map<string, string[]>();
  const codecFile = plan.wiring.codecFile;
  // The codec comes from the runtime (its module is the runtime's), unless the user declared one.
  const shared = plan.wiring.existing
    ? undefined
    : { name: out.nameIn(codecFile, SHARED_CODEC_EXPORT), module: path.basename(plan.runtimePath) };
  const wiring = codecEdits(plan.wiring, codec, styleOf(codecFile.getFullText(), codecFile.getFilePath()), shared);
  ordered.set(codecFile.getFilePath(), [...(ordered.get(codecFile.getFilePath()) ?? []), ...wiring.codecFile]);
  const construction = plan.wiring.construction.getSourceFile().getFilePath();
  ordered.set(construction, [...(ordered.get(construction) ?? []), ...wiring.constructionFile]);
  for (const { file, edit } of wiring.via) ordered.set(file, [...(ordered.get(file) ?? []), edit]);
  imports.set(codecFile.getFilePath(), wiring.imports);
  // A server whose file reaches no handler file: it and each other handler file declare the shared codec themselves.
  if (plan.wiring.ownCodec && shared) {
    for (const file of [plan.wiring.construction.getSourceFile(), ...plan.ownCodecFiles]) {
      const own = { name: out.nameIn(file, SHARED_CODEC_EXPORT), module: shared.module };
      const edits = ownCodecEdits(file, codec, styleOf(file.getFullText(), file.getFilePath()), own);
      ordered.set(file.getFilePath(), [...(ordered.get(file.getFilePath()) ?? []), ...edits]);
    }
  }

  // Each server built apart: the runtime's shared codec declared in its file, and its `verify`.
  for (const [i, other] of plan.others.entries()) {
    // Only a server one of the plan's wrapped handlers is registered on (a path that failed later adds none).
    if (!plan.registrations.some((r) => plan.otherOf.get(r) === other)) continue;
    const file = other.codecFile;
    const own = { name: out.nameIn(file, SHARED_CODEC_EXPORT), module: path.basename(plan.runtimePath) };
    const edits = codecEdits(other, otherCodecs[i] ?? codec, styleOf(file.getFullText(), file.getFilePath()), own);
    ordered.set(file.getFilePath(), [
      ...(ordered.get(file.getFilePath()) ?? []),
      ...edits.codecFile,
      ...edits.constructionFile,
    ]);
  }

  const created = plan.createRuntime
    ? { path: plan.runtimePath, text: runtimeFileText(plan.runtimePath, plan.wiring.construction.getSourceFile()) }
    : undefined;
  return { edits: ordered, imports, ...(created ? { runtime: created } : {}) };
}

/**
 * What the asks were the only readers of, once they read nothing: a local that only held the receiver
 * (`const lowLevel = server.server;`) is deleted, dead code a reviewer would otherwise ask about; under the project's
 * `noUnusedParameters` a parameter (`server` in `confirm(server, message)`, a handler's `ctx`) is renamed `_server`,
 * which TypeScript leaves alone (callers unchanged; without the option it is left as it is, the smaller diff).
 */
function unusedReceiverEdits(plan: ReplayPlan, out: RuntimeEdits): void {
  const first = plan.askCalls[0]?.call;
  if (!first) return;
  const renameParameters = first.getSourceFile().getProject().getCompilerOptions().noUnusedParameters === true;
  const callees = plan.askCalls.map(({ call }) => call.getExpression());
  const replaced = (node: Node) =>
    callees.some(
      (c) =>
        c.getSourceFile() === node.getSourceFile() && c.getStart() <= node.getStart() && node.getEnd() <= c.getEnd(),
    );
  const done = new Set<Node>();
  unusedSenderEdits(callees, replaced, renameParameters, out);
  for (const callee of callees) {
    const root = receiverRoot(callee);
    const declaration = root
      ?.getSymbol()
      ?.getDeclarations()
      .find((d) => Node.isParameterDeclaration(d) || Node.isVariableDeclaration(d));
    if (!declaration || done.has(declaration)) continue;
    const nameNode = (declaration as { getNameNode?: () => Node }).getNameNode?.();
    if (!nameNode || !Node.isIdentifier(nameNode) || nameNode.getText().startsWith('_')) continue;
    const scope = Node.isParameterDeclaration(declaration) ? declaration.getParent() : enclosingScope(declaration);
    if (!scope) continue;
    const name = nameNode.getText();
    const readers = scope
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .filter((id) => id !== nameNode && id.getText() === name);
    if (readers.some((id) => !replaced(id))) continue;
    done.add(declaration);
    if (Node.isVariableDeclaration(declaration)) {
      const removal = deadLocalRemoval(declaration);
      if (removal) out.add(declaration.getSourceFile(), removal);
    } else if (renameParameters) renameUnused(nameNode, scope, out);
  }
}

/** `server` -> `_server` (a parameter nothing reads, under `noUnusedParameters`), unless `_server` is taken in `scope`. */
function renameUnused(nameNode: Node, scope: Node, out: RuntimeEdits): void {
  const renamed = `_${nameNode.getText()}`;
  if (scope.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === renamed)) return;
  out.add(nameNode.getSourceFile(), { start: nameNode.getStart(), end: nameNode.getEnd(), text: renamed });
}

/**
 * `async (args, { mcpReq: { send: sendRequest } }) => ...` whose every call of `sendRequest` became `ask.request`:
 * the name is bound for nothing (an error under `noUnusedParameters` / `noUnusedLocals`), so it leaves the pattern;
 * a pattern left empty becomes `_ctx` (a parameter), or its statement goes (`const { mcpReq: { send } } = ctx;`).
 */
function unusedSenderEdits(
  callees: Node[],
  replaced: (node: Node) => boolean,
  renameParameters: boolean,
  out: RuntimeEdits,
): void {
  const unused = new Set<Node>();
  // Names whose every read goes away: the asks' callees, then what a deleted `const { ... } = name` read.
  const gone: Node[] = [...callees];
  const goneUnder = (node: Node) =>
    replaced(node) ||
    gone.some(
      (g) =>
        g.getSourceFile() === node.getSourceFile() && g.getStart() <= node.getStart() && node.getEnd() <= g.getEnd(),
    );
  const statements = new Map<Node, TextEdit>();
  const parameters = new Set<Node>();
  for (let round = 0; round < 3; round++) {
    let grew = false;
    for (const [index, name] of gone.entries()) {
      if (!Node.isIdentifier(name)) continue;
      const declaration = name.getSymbol()?.getDeclarations()[0];
      if (!declaration || unused.has(declaration) || parameters.has(declaration)) continue;
      // A callee's own parameter (a bound method handed in) is the receiver rule's; a parameter only a deleted
      // `const { ... } = ctx` read is this one's.
      const parameter = Node.isParameterDeclaration(declaration) && index >= callees.length;
      if (!Node.isBindingElement(declaration) && !parameter) continue;
      const nameNode = declaration.getNameNode();
      if (!Node.isIdentifier(nameNode) || nameNode.getText().startsWith('_')) continue;
      const scope = declaration.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a));
      const readers = (scope ?? name.getSourceFile())
        .getDescendantsOfKind(SyntaxKind.Identifier)
        .filter((id) => id !== nameNode && id.getText() === name.getText() && id.getSymbol() === name.getSymbol());
      if (!readers.every(goneUnder)) continue;
      if (Node.isBindingElement(declaration)) unused.add(declaration);
      else parameters.add(declaration);
      grew = true;
    }
    // A `const { ... } = name;` whose pattern is left empty goes, and with it its read of `name`.
    for (const top of topPatterns(unused)) {
      const holder = top.getParent();
      if (prunedPattern(top, unused) !== undefined || !holder || !Node.isVariableDeclaration(holder)) continue;
      if (statements.has(holder)) continue;
      const removal = deadLocalRemoval(holder);
      if (!removal) continue;
      statements.set(holder, removal);
      const init = holder.getInitializer();
      if (init && Node.isIdentifier(init)) gone.push(init);
      grew = true;
    }
    if (!grew) break;
  }
  for (const [holder, removal] of statements) out.add(holder.getSourceFile(), removal);
  for (const top of topPatterns(unused)) {
    const holder = top.getParent();
    if (holder && Node.isVariableDeclaration(holder) && statements.has(holder)) continue;
    const text = prunedPattern(top, unused);
    if (text !== undefined) out.add(top.getSourceFile(), { start: top.getStart(), end: top.getEnd(), text });
    else if (holder && Node.isParameterDeclaration(holder))
      out.add(top.getSourceFile(), { start: top.getStart(), end: top.getEnd(), text: '_ctx' });
  }
  // `async (args, ctx) => { const { mcpReq: { send } } = ctx; ... }`: `ctx`, read by nothing else now, is renamed
  // `_ctx` under `noUnusedParameters`, as a receiver parameter is.
  for (const parameter of parameters)
    if (renameParameters && Node.isParameterDeclaration(parameter))
      renameUnused(parameter.getNameNode(), parameter.getParent(), out);
}

/** The outermost object patterns holding `elements`. */
function topPatterns(elements: ReadonlySet<Node>): Set<Node> {
  const tops = new Set<Node>();
  for (const element of elements) {
    let pattern: Node | undefined = element.getParent();
    while (pattern?.getParent() && Node.isBindingElement(pattern.getParentOrThrow()))
      pattern = pattern.getParentOrThrow().getParent();
    if (pattern && Node.isObjectBindingPattern(pattern)) tops.add(pattern);
  }
  return tops;
}

/** An object pattern's text without `removed` elements and the nested patterns they empty; undefined when empty. */
function prunedPattern(pattern: Node, removed: ReadonlySet<Node>): string | undefined {
  if (!Node.isObjectBindingPattern(pattern)) return pattern.getText();
  const kept: string[] = [];
  let changed = false;
  for (const element of pattern.getElements()) {
    if (removed.has(element)) {
      changed = true;
      continue;
    }
    const name = element.getNameNode();
    if (!Node.isObjectBindingPattern(name)) {
      kept.push(element.getText());
      continue;
    }
    const inner = prunedPattern(name, removed);
    if (inner === name.getText()) kept.push(element.getText());
    else {
      changed = true;
      if (inner !== undefined) {
        const key = element.getPropertyNameNode()?.getText();
        const init = element.getInitializer()?.getText();
        kept.push(`${key ? `${key}: ` : ''}${inner}${init ? ` = ${init}` : ''}`);
      }
    }
  }
  if (!changed) return pattern.getText();
  return kept.length > 0 ? `{ ${kept.join(', ')} }` : undefined;
}

/** The identifier an ask's callee starts from (`server` in `server.server.elicitInput`), if it is one. */
function receiverRoot(callee: Node): Node | undefined {
  let root: Node = callee;
  while (
    Node.isPropertyAccessExpression(root) ||
    Node.isNonNullExpression(root) ||
    Node.isParenthesizedExpression(root)
  )
    root = root.getExpression();
  return Node.isIdentifier(root) ? root : undefined;
}

/** The function body a local is declared in (a module-level one may be exported or read elsewhere: not deleted). */
function enclosingScope(declaration: Node): Node | undefined {
  const fn = declaration.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a));
  return (fn as { getBody?: () => Node | undefined } | undefined)?.getBody?.();
}

/**
 * `const lowLevel = server.server;` alone in its statement, holding a plain access chain (no call, nothing that runs
 * code): the statement's whole lines, for deletion.
 */
function deadLocalRemoval(declaration: Node): TextEdit | undefined {
  if (!Node.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.getParent();
  const statement = list?.getParent();
  if (!list || !statement || !Node.isVariableStatement(statement) || list.getChildCount() === 0) return undefined;
  if (statement.getDeclarations().length !== 1 || statement.hasExportKeyword()) return undefined;
  let init = declaration.getInitializer();
  while (
    init &&
    (Node.isPropertyAccessExpression(init) || Node.isNonNullExpression(init) || Node.isParenthesizedExpression(init))
  )
    init = init.getExpression();
  if (!init || !(Node.isIdentifier(init) || init.getKind() === SyntaxKind.ThisKeyword)) return undefined;
  const text = statement.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const newline = text.indexOf('\n', statement.getEnd());
  const lineEnd = newline === -1 ? text.length : newline + 1;
  // Only when the statement has its lines to itself (nothing else before or after it on them).
  if (
    text.slice(lineStart, statement.getStart()).trim() !== '' ||
    text.slice(statement.getEnd(), lineEnd).trim() !== ''
  )
    return undefined;
  return { start: lineStart, end: lineEnd, text: '' };
}

/**
 * The name a tool, prompt or resource is registered under, as code (`'delete_note'`, or `tool.name` in a registration
 * loop): its state is bound to it. Not for a name the tool cannot read without running code twice (a call), nor a
 * low-level handler (its request's arguments carry the name): those bind to the method and arguments.
 */
function registeredName(call: Node): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  // `registerAppTool(server, name, ...)` (MCP Apps, analyse/handlers.ts): the name comes after the server.
  const extension = Node.isIdentifier(callee) && /^registerApp(Tool|Resource)$/.test(callee.getText());
  const method = Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
  if (!extension && !/^(registerTool|tool|registerPrompt|prompt|registerResource|resource)$/.test(method))
    return undefined;
  const first = call.getArguments()[extension ? 1 : 0];
  if (!first) return undefined;
  if (Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first)) return first.getText();
  const plain = (node: Node): boolean =>
    Node.isIdentifier(node) || (Node.isPropertyAccessExpression(node) && plain(node.getExpression()));
  return plain(first) ? first.getText() : undefined;
}

/** The replay edits per file; the runtime exports each file uses are named through the run's runtime imports. */
class RuntimeEdits {
  readonly edits = new Map<string, TextEdit[]>();

  constructor(
    private readonly runtime: RuntimeImports,
    private readonly runtimePath: string,
  ) {}

  add(file: SourceFile, edit: TextEdit): void {
    const key = file.getFilePath();
    this.edits.set(key, [...(this.edits.get(key) ?? []), edit]);
  }

  // The local name of a runtime export in a file (aliased when the file already uses the name).
  nameIn(file: SourceFile, name: string): string {
    return this.runtime.nameIn(file, name, this.runtimePath);
  }
}

/** A catch clause between a handler and an ask rethrows the input-required signal first (binding the error if it does not). */
function catchGuardEdits(clause: CatchClause, out: RuntimeEdits): void {
  const file = clause.getSourceFile();
  const text = file.getFullText();
  const style = styleOf(text, file.getFilePath());
  const end = style.semicolon ? ';' : '';
  const binding = clause.getVariableDeclaration();
  const name = binding ? binding.getName() : freshName(clause.getBlock().getText(), 'error');
  if (!binding)
    out.add(file, {
      start: clause.getStart() + 'catch'.length,
      end: clause.getStart() + 'catch'.length,
      text: ` (${name})`,
    });
  const block = clause.getBlock();
  const first = block.getStatements()[0];
  const indent = first ? indentAt(text, first.getStart()) : indentAt(text, clause.getStart()) + style.indentUnit;
  out.add(file, {
    start: block.getStart() + 1,
    end: block.getStart() + 1,
    text: `${lineEndingOf(text)}${indent}if (${out.nameIn(file, 'isInputRequiredSignal')}(${name})) throw ${name}${end}`,
  });
}

/** A `.catch(err)` / `.then(ok, err)` handler on the way rethrows the signal first. */
function handlerGuardEdits(handler: RejectionHandler, out: RuntimeEdits): void {
  const file = handler.getSourceFile();
  const text = file.getFullText();
  const style = styleOf(text, file.getFilePath());
  const end = style.semicolon ? ';' : '';
  const first = handler.getParameters()[0];
  const name = first ? first.getName() : freshName(handler.getText(), 'error');
  if (!first) {
    // `() => fallback` gains the parameter the guard reads.
    const open = handler.getFirstChildByKind(SyntaxKind.OpenParenToken);
    if (!open) return;
    out.add(file, { start: open.getEnd(), end: open.getEnd(), text: name });
  }
  const guard = `if (${out.nameIn(file, 'isInputRequiredSignal')}(${name})) throw ${name}${end}`;
  const body = handler.getBody();
  if (!body) return;
  if (Node.isBlock(body)) {
    const statement = body.getStatements()[0];
    const indent = statement
      ? indentAt(text, statement.getStart())
      : indentAt(text, handler.getStart()) + style.indentUnit;
    out.add(file, {
      start: body.getStart() + 1,
      end: body.getStart() + 1,
      text: `${lineEndingOf(text)}${indent}${guard}`,
    });
  } else {
    // An expression body becomes a block that rethrows the signal, then returns the expression.
    out.add(file, { start: body.getStart(), end: body.getStart(), text: `{ ${guard} return ` });
    out.add(file, { start: body.getEnd(), end: body.getEnd(), text: `${end} }` });
  }
}

/**
 * The edits per file, and the codec imported where other files register handlers (the runtime's import, which
 * shares its insertion point, is put before them once the whole run is emitted: RuntimeImports).
 */
function withImports(plan: ReplayPlan, codec: string, out: RuntimeEdits): Map<string, TextEdit[]> {
  const ordered = new Map<string, TextEdit[]>(out.edits);
  // Files registering handlers of the server outside the codec's file import it from there.
  for (const file of plan.codecImports) {
    // From the codec's own module when the user declared it in one, else from the file that declares it now.
    const from = plan.wiring.existingFrom ?? plan.wiring.codecFile;
    if (
      file
        .getImportDeclarations()
        .some(
          (d) =>
            d.getModuleSpecifierSourceFile() === from &&
            d.getNamedImports().some((n) => n.getName() === codec && !n.getAliasNode()),
        )
    )
      continue;
    const edit = namedImportEdit(file, codec, from.getFilePath());
    const key = file.getFilePath();
    ordered.set(key, [edit, ...(ordered.get(key) ?? [])]);
  }
  return ordered;
}
