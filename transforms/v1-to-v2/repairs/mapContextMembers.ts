// The official codemod renames a handler's `extra` to `ctx` and maps its members (`extra.sendRequest` ->
// `ctx.mcpReq.send`) only when the parameter is named `extra` or annotated with exactly a context type. A callback
// whose context is named otherwise (`context`, `_extra`), or a parameter it retyped inside an intersection
// (`RequestHandlerExtra<...> & {...}` -> `ServerContext & {...}`), keeps the v1 members: `context.sendRequest is not a
// function` in both eras, and the MRTR analysis never sees the ask (seen on real v1 servers). Here those members get their v2 path.
import { ts } from '../../../lib/tsMorph.cjs';
import { applyEdits, type TextEdit } from '../../../lib/edits.js';
import type { Finding } from '../../../lib/model.js';
import { CONTEXT_MEMBERS, UNMAPPED_CONTEXT_MEMBERS } from '../constants.js';
import type { RepairOutcome } from './types.js';
import { scriptKindOf } from '../../kit/syntax.js';
import { v1ToV2Finding } from '../reasons.js';

const REGISTRATIONS = new Set(['registerTool', 'tool', 'registerPrompt', 'prompt', 'registerResource', 'resource']);
const HANDLER_SETTERS = new Set(['setRequestHandler']);

/** `text` (v2 code from the official codemod) with the v1 members left on a handler context mapped to v2. */
export function mapContextMembers(file: string, text: string): RepairOutcome {
  const findings: Finding[] = [];
  if (!/@modelcontextprotocol\/server\b/.test(text)) return { text, findings };
  const members = [...CONTEXT_MEMBERS.map((m) => m.from), ...UNMAPPED_CONTEXT_MEMBERS];
  // Read as a member (`extra.sendRequest`) or bound by a pattern (`{ sendRequest }`): named as a word either way.
  if (!members.some((m) => new RegExp(`\\b${m}\\b`).test(text))) return { text, findings };
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindOf(file));
  const edits: TextEdit[] = [];
  for (const pattern of contextPatterns(source)) {
    const mapped = mappedPattern(source, pattern);
    if (!mapped) continue;
    const line = source.getLineAndCharacterOfPosition(pattern.getStart(source)).line + 1;
    edits.push({ start: pattern.getStart(source), end: pattern.getEnd(), text: mapped.text });
    // The official codemod's marker for this pattern says what is now done: it goes, unless a member is left.
    const marker = mapped.unmapped.length === 0 ? destructuringMarker(source, pattern) : undefined;
    if (marker) edits.push(marker);
    for (const what of mapped.mapped) findings.push(found('context-member-mapped', file, line, what));
    for (const name of mapped.unmapped)
      findings.push(found('context-member-unmapped', file, line, `\`{ ${name} }\` has no v2 ServerContext spelling`));
  }
  for (const { fn, param } of contextParameters(source)) {
    for (const use of memberUses(fn, param.text)) {
      const mapping = CONTEXT_MEMBERS.find((m) => m.from === use.member.text);
      const line = source.getLineAndCharacterOfPosition(use.member.getStart(source)).line + 1;
      if (mapping) {
        edits.push({ start: use.dot, end: use.member.getEnd(), text: `${use.optional ? '?' : ''}${mapping.to}` });
        findings.push(
          found(
            'context-member-mapped',
            file,
            line,
            `\`${param.text}.${mapping.from}\` -> \`${param.text}${mapping.to}\``,
          ),
        );
      } else if (UNMAPPED_CONTEXT_MEMBERS.includes(use.member.text)) {
        findings.push(
          found(
            'context-member-unmapped',
            file,
            line,
            `\`${param.text}.${use.member.text}\` has no v2 ServerContext spelling`,
          ),
        );
      }
    }
  }
  return { text: edits.length > 0 ? applyEdits(text, edits) : text, findings };
}

type Fn = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;

/**
 * A handler's context destructured where the official codemod leaves it (with a marker: "Destructuring of context
 * parameter in signature"): the context parameter of a registration callback written as a pattern (`async (args, {
 * sendRequest }) => ...`), and `const { sendRequest } = ctx` of a context parameter. v2 has no `sendRequest` there:
 * `sendRequest is not a function` in both eras.
 */
function contextPatterns(source: ts.SourceFile): ts.ObjectBindingPattern[] {
  const out: ts.ObjectBindingPattern[] = [];
  const visit = (node: ts.Node): void => {
    const context = registrationContext(source, node);
    if (context && ts.isObjectBindingPattern(context.param.name)) out.push(context.param.name);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const { fn, param } of contextParameters(source)) {
    const find = (node: ts.Node): void => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer &&
        ts.isIdentifier(node.initializer) &&
        node.initializer.text === param.text
      )
        out.push(node.name);
      ts.forEachChild(node, find);
    };
    if (fn.body) find(fn.body);
  }
  return out;
}

const DESTRUCTURING_MARKER = /^\/\*\s*@mcp-codemod-error Destructuring of context parameter\b/;

/**
 * The official codemod's marker comment before the function whose context parameter is `pattern` ("Destructuring of
 * context parameter in signature"), with its line when it has the line to itself: the edit that deletes it.
 */
function destructuringMarker(source: ts.SourceFile, pattern: ts.ObjectBindingPattern): TextEdit | undefined {
  const holder = pattern.parent;
  // A parameter's marker is before the callback, or before the registration's statement when the callback starts on
  // its line; a `const { ... } = ctx`'s is before its statement.
  const start: ts.Node | undefined = ts.isParameter(holder) ? holder.parent : holder.parent?.parent;
  if (!start || (ts.isParameter(holder) ? !isFn(start) : !ts.isVariableStatement(start))) return undefined;
  const text = source.getFullText();
  let statement: ts.Node = start;
  while (statement.parent && !ts.isStatement(statement) && !ts.isSourceFile(statement.parent))
    statement = statement.parent;
  const ranges = [
    ...(ts.getLeadingCommentRanges(text, start.getFullStart()) ?? []),
    ...(statement !== start ? (ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? []) : []),
  ];
  for (const range of ranges) {
    if (!DESTRUCTURING_MARKER.test(text.slice(range.pos, range.end))) continue;
    const lineStart = text.lastIndexOf('\n', range.pos - 1) + 1;
    const newline = text.indexOf('\n', range.end);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    const alone = text.slice(lineStart, range.pos).trim() === '' && text.slice(range.end, lineEnd).trim() === '';
    return alone ? { start: lineStart, end: lineEnd, text: '' } : { start: range.pos, end: range.end, text: '' };
  }
  return undefined;
}

/**
 * The pattern with each v1 member bound from its v2 path (`{ sendRequest, sessionId }` -> `{ sessionId, mcpReq: {
 * send: sendRequest } }`; `authInfo` from `http`, which a stdio request does not have: `http: { authInfo } = {}`), the
 * names bound keeping their names; undefined when no member needs it, or when the pattern cannot be read (a rest
 * element, a computed key, a member already written the v2 way).
 */
function mappedPattern(
  source: ts.SourceFile,
  pattern: ts.ObjectBindingPattern,
): { text: string; mapped: string[]; unmapped: string[] } | undefined {
  const kept: string[] = [];
  const groups = new Map<string, { optional: boolean; members: string[] }>();
  const mapped: string[] = [];
  const unmapped: string[] = [];
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) return undefined;
    const key = element.propertyName ?? element.name;
    if (!ts.isIdentifier(key)) return undefined;
    const from = key.text;
    if (from === 'mcpReq' || from === 'http') return undefined;
    const mapping = CONTEXT_MEMBERS.find((m) => m.from === from);
    if (!mapping) {
      if (UNMAPPED_CONTEXT_MEMBERS.includes(from)) unmapped.push(from);
      kept.push(element.getText(source));
      continue;
    }
    // `.mcpReq.send` -> group `mcpReq`, member `send`; `.http?.authInfo` -> group `http` (optional), member `authInfo`.
    const path = /^\.(\w+)(\?)?\.(\w+)$/.exec(mapping.to);
    if (!path) return undefined;
    const [, group, optional, member] = path as unknown as [string, string, string | undefined, string];
    const local = element.name.getText(source);
    const init = element.initializer ? ` = ${element.initializer.getText(source)}` : '';
    const entry =
      ts.isIdentifier(element.name) && element.name.text === member ? `${member}${init}` : `${member}: ${local}${init}`;
    const at = groups.get(group) ?? { optional: optional === '?', members: [] };
    at.members.push(entry);
    groups.set(group, at);
    mapped.push(`\`{ ${element.getText(source)} }\` -> \`{ ${group}: { ${entry} } }\``);
  }
  if (groups.size === 0) return undefined;
  const nested = [...groups].map(
    ([group, { optional, members }]) => `${group}: { ${members.join(', ')} }${optional ? ' = {}' : ''}`,
  );
  return { text: `{ ${[...kept, ...nested].join(', ')} }`, mapped, unmapped };
}

/** Handler contexts in v2 code: a parameter typed with `ServerContext`, or the context of a registration callback. */
function contextParameters(source: ts.SourceFile): Array<{ fn: Fn; param: ts.Identifier }> {
  const out: Array<{ fn: Fn; param: ts.Identifier }> = [];
  const add = (fn: Fn, param: ts.ParameterDeclaration | undefined) => {
    if (param && ts.isIdentifier(param.name) && !out.some((o) => o.param === param.name))
      out.push({ fn, param: param.name });
  };
  const visit = (node: ts.Node): void => {
    if (isFn(node))
      for (const param of node.parameters)
        if (param.type && /\bServerContext\b/.test(param.type.getText(source))) add(node, param);
    const context = registrationContext(source, node);
    if (context) add(context.fn, context.param);
    ts.forEachChild(node, visit);
  };
  visit(source);
  forwardedContexts(source, out, add);
  return out;
}

/**
 * The context parameter of a registration's callback (`registerTool(name, config, async (args, ctx) => ...)`,
 * `setRequestHandler(schema, async (request, extra) => ...)`), untyped or typed `ServerContext`. With one parameter a
 * registration callback's only argument may be the tool's arguments: only the last of two or more.
 */
function registrationContext(
  source: ts.SourceFile,
  node: ts.Node,
): { fn: Fn; param: ts.ParameterDeclaration } | undefined {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const method = node.expression.name.text;
  const callback = REGISTRATIONS.has(method)
    ? node.arguments[node.arguments.length - 1]
    : HANDLER_SETTERS.has(method)
      ? node.arguments[1]
      : undefined;
  if (!callback || !isFn(callback) || callback.parameters.length < 2) return undefined;
  const last = callback.parameters[callback.parameters.length - 1]!;
  return !last.type || /\bServerContext\b/.test(last.type.getText(source)) ? { fn: callback, param: last } : undefined;
}

/**
 * A helper of this file that a handler hands its context to (`ask(ctx, ...)`) reads the v1 members on its own
 * parameter (`extra.sendRequest(...)`), which the official codemod leaves with a marker: that parameter is a context
 * too when the helper is not exported and every call of it in the file passes a context there (followed through
 * helpers that pass it on).
 */
function forwardedContexts(
  source: ts.SourceFile,
  out: Array<{ fn: Fn; param: ts.Identifier }>,
  add: (fn: Fn, param: ts.ParameterDeclaration | undefined) => void,
): void {
  const helpers = new Map<string, Fn>();
  for (const statement of source.statements) {
    if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      continue;
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body)
      helpers.set(statement.name.text, statement);
    if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        if (
          ts.isIdentifier(d.name) &&
          d.initializer &&
          (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))
        )
          helpers.set(d.name.text, d.initializer);
  }
  if (helpers.size === 0) return;
  const calls = new Map<string, ts.CallExpression[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && helpers.has(node.expression.text))
      calls.set(node.expression.text, [...(calls.get(node.expression.text) ?? []), node]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, fn] of helpers) {
      const sites = calls.get(name) ?? [];
      // A helper also read as a value (passed on, stored) may be called with anything: left as it is.
      if (sites.length === 0 || valueUses(source, name, sites) > 0) continue;
      fn.parameters.forEach((param, index) => {
        if (!ts.isIdentifier(param.name) || out.some((o) => o.param === param.name)) return;
        if (param.type && !/\b(any|ServerContext|RequestHandlerExtra)\b/.test(param.type.getText(source))) return;
        const passesContext = (call: ts.CallExpression) => {
          const arg = call.arguments[index];
          if (!arg || !ts.isIdentifier(arg)) return false;
          const owner = out.find((o) => o.param.text === arg.text && contains(o.fn, call));
          return owner !== undefined;
        };
        if (sites.every(passesContext)) {
          add(fn, param);
          grew = true;
        }
      });
    }
  }
}

/** How often `name` is read other than as the callee of `calls`. */
function valueUses(source: ts.SourceFile, name: string, calls: ts.CallExpression[]): number {
  const callees = new Set(calls.map((c) => c.expression));
  let count = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && !callees.has(node) && !isDeclarationName(node)) count++;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isFunctionDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent)) &&
    parent.name === node
  );
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.getStart() >= outer.getStart() && inner.getEnd() <= outer.getEnd();
}

function isFn(node: ts.Node): node is Fn {
  return (
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node)
  );
}

interface MemberUse {
  member: ts.Identifier;
  /** Where the replaced text starts: the `.` (or `?.`) before the member. */
  dot: number;
  optional: boolean;
}

/** `name.member`, `name?.member` and `typeof name.member` in `fn`'s body, where `name` is still `fn`'s parameter. */
function memberUses(fn: Fn, name: string): MemberUse[] {
  const uses: MemberUse[] = [];
  const visit = (node: ts.Node): void => {
    // A nested function with its own parameter of that name: a different binding.
    if (node !== fn && isFn(node) && node.parameters.some((p) => ts.isIdentifier(p.name) && p.name.text === name))
      return;
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === name &&
      ts.isIdentifier(node.name)
    ) {
      const optional = node.questionDotToken !== undefined;
      uses.push({ member: node.name, dot: node.expression.getEnd(), optional });
    } else if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === name) {
      uses.push({ member: node.right, dot: node.left.getEnd(), optional: false });
    }
    ts.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return uses;
}

function found(
  reason: 'context-member-mapped' | 'context-member-unmapped',
  file: string,
  line: number,
  what: string,
): Finding {
  const mapped = reason === 'context-member-mapped';
  return v1ToV2Finding(
    reason,
    file,
    line,
    mapped ? `v1 handler-context member mapped to v2: ${what}` : `v1 handler-context member left as it was: ${what}`,
  );
}
