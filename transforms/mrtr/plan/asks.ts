import { Node } from '../../../lib/tsMorph.cjs';
import type { Builder } from '../analyse/askCall.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { referencesTo } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import type { PushCall } from '../analyse/pushCall.js';
import { REGISTRATIONS } from '../constants.js';
import { pushMethodOfForm } from '../pushMethods.js';
import { constValue, stringValue, unwrap } from '../analyse/symbols.js';
import type { Review } from './review.js';

// The asks of a round as the explicit form and the step function both plan them: how each answer is bound,
// its key, and the schema its accepted content is validated against.

export type Binding = { name: string; keyword: 'const' | 'let' | 'var'; onlyFields: boolean; pattern?: boolean };

/** One ask of a round. */
export interface Ask {
  call: PushCall;
  /** `x` in `const x = await ask(...)` (or one element of `const [x, y] = await Promise.all([...])`). */
  binding?: Binding;
  builder: Builder;
  /** The request params node (absent for roots). */
  params?: Node;
  /** For form elicitation: the requested schema, to validate accepted content as the old call did. */
  schema?: { node: Node };
  key: string;
}

const GENERIC_NAMES = new Set([
  'r',
  'res',
  'result',
  'response',
  'answer',
  'reply',
  'resp',
  'out',
  'data',
  'x',
  'value',
  'ret',
]);
const KIND_WORD = { elicitation: 'ask', sampling: 'sample', roots: 'roots' } as const;

/** `const x = await ask(...)` -> binding; `await ask(...);` -> undefined; anything else -> null. */
export function bindingOf(statement: Node, ask: Node, analysis: MrtrAnalysis): Binding | undefined | null {
  const isAwaitOfAsk = (expr: Node | undefined) =>
    !!expr && Node.isAwaitExpression(unwrapParens(expr)) && unwrap(unwrapParens(expr)) === ask;
  if (Node.isExpressionStatement(statement)) return isAwaitOfAsk(statement.getExpression()) ? undefined : null;
  if (!Node.isVariableStatement(statement)) return null;
  const declarations = statement.getDeclarations();
  const declaration = declarations[0];
  if (declarations.length !== 1 || !declaration || !isAwaitOfAsk(declaration.getInitializer())) return null;
  const nameNode = declaration.getNameNode();
  const keyword = statement.getDeclarationKind() as 'const' | 'let' | 'var';
  // `const { roots } = await server.server.listRoots()`: the pattern takes the rebuilt result apart as before.
  if (Node.isObjectBindingPattern(nameNode) || Node.isArrayBindingPattern(nameNode))
    return { name: nameNode.getText(), keyword, onlyFields: false, pattern: true };
  if (!Node.isIdentifier(nameNode)) return null;
  return { name: nameNode.getText(), keyword, onlyFields: onlyFieldUses(declaration, nameNode.getText(), analysis) };
}

/** Whether every use of an answer reads only `.action` / `.content` (the answer view can then stand in for it). */
export function onlyFieldUses(declaration: Node, name: string, analysis: MrtrAnalysis): boolean {
  return referencesTo(analysis.project, declaration, name).every((ref) => {
    const parent = ref.getParent();
    return (
      !!parent &&
      Node.isPropertyAccessExpression(parent) &&
      parent.getExpression() === ref &&
      ['action', 'content'].includes(parent.getName())
    );
  });
}

function unwrapParens(node: Node): Node {
  return Node.isParenthesizedExpression(node) ? unwrapParens(node.getExpression()) : node;
}

/**
 * The requestedSchema of form params, to validate accepted answers as the old call did. The v2 `elicitInput`
 * takes a JSON Schema only (a plain object, a const, or a function building one), so it is always validated
 * through `fromJsonSchema`.
 */
export function schemaOf(params: Node | undefined): Ask['schema'] | null | undefined {
  const literal = params ? constValue(params) : undefined;
  if (!literal || !Node.isObjectLiteralExpression(literal)) return null;
  const property = literal.getProperty('requestedSchema');
  if (!property) return undefined;
  if (Node.isPropertyAssignment(property)) return { node: property.getInitializerOrThrow() };
  if (Node.isShorthandPropertyAssignment(property)) return { node: property.getNameNode() };
  return null;
}

/**
 * The asks of a handler, each with its requested schema (to validate accepted form content as the old call
 * did) and a readable key unique in the handler (`name`, `name_2`, ...), named by `keyName` of its binding.
 * `scope` (see `keyScopeOf`) prefixes every key, so it is unique to the tool, prompt or resource as well.
 */
export function asksOf(
  calls: PushCall[],
  builders: Builder[],
  params: Array<Node | undefined>,
  bindings: Array<Binding | undefined>,
  registration: Registration,
  keyName: (binding: Binding | undefined) => string | undefined,
  scope?: string,
): Ask[] | Review {
  const asks: Ask[] = [];
  const keys = new Set<string>();
  for (const [i, call] of calls.entries()) {
    const builder = builders[i]!;
    let schema: Ask['schema'];
    // Only `elicitInput` validated accepted content against requestedSchema; a plain request (`send`,
    // `sendRequest`, `request`) checked the result's shape only, so its rewrite must not add validation.
    if (builder === 'elicit' && pushMethodOfForm(call.form)?.validatesContent) {
      const found = schemaOf(params[i]);
      if (found === null) return { kind: 'review', reason: 'unknown-schema' };
      schema = found;
    }
    const binding = bindings[i];
    const base = keyOf(keyName(binding), call, registration, scope);
    let key = base;
    for (let n = 2; keys.has(key); n++) key = `${base}_${n}`;
    keys.add(key);
    asks.push({
      call,
      ...(binding ? { binding } : {}),
      builder,
      ...(params[i] ? { params: params[i] } : {}),
      ...(schema ? { schema } : {}),
      key,
    });
  }
  return asks;
}

/**
 * A readable key, unique in its handler: the result's name, or `<kind>_<handler>`. With a `scope` (the
 * write-once form), the key starts with it (`delete_note_confirmation`, `delete_note_ask`), so an answer
 * keyed for one tool's question is never taken for another tool's.
 */
export function keyOf(binding: string | undefined, call: PushCall, registration: Registration, scope?: string): string {
  const word = KIND_WORD[call.kind];
  const named = binding && /^[A-Za-z_$][\w$]*$/.test(binding) && !GENERIC_NAMES.has(binding) ? binding : undefined;
  if (scope) {
    const own = named ? snakeCase(named) : word;
    // No stutter: tool `confirm` with `const confirm = ...` is `confirm`, tool `ask_email` asking is `ask_email`.
    let key = `${scope}_${own}`;
    if (own === scope || own.startsWith(`${scope}_`)) key = own;
    else if (!named && (scope === word || scope.startsWith(`${word}_`))) key = scope;
    return /^[a-z_]/.test(key) ? key : `k_${key}`;
  }
  // `ask_<handler>`, unless the handler's name already says it (`ask_email`, `sample`): no `ask_ask_email`.
  const byHandler =
    registration.name === word || registration.name.startsWith(`${word}_`)
      ? registration.name
      : `${word}_${registration.name}`;
  const key = snakeCase(named ?? byHandler);
  return /^[a-z_]/.test(key) ? key : `k_${key}`;
}

/** `deleteNote`, `delete-note`, `tools/call` -> `delete_note`, `delete_note`, `tools_call`. */
function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/**
 * What makes a write-once key unique to its tool, prompt or resource: the registered name in snake case
 * (`registerTool('delete_note', ...)` -> `delete_note`). When that name cannot be read (a name computed at run
 * time, or a low-level `setRequestHandler` that serves every tool), the key is derived from the handler's own
 * name (`async function handleDelete` -> `handle_delete`, `const onCall = async (...) =>` -> `on_call`), else
 * from the file's name and the method (`server.ts`, `tools/call` -> `server_tools_call`): stable across runs, and
 * distinct from every registered tool's keys unless a tool is named the same.
 */
export function keyScopeOf(registration: Registration, handler: Node): string {
  const registered =
    registration.method === REGISTRATIONS[methodNameOf(registration.call) ?? '']
      ? stringValue(Node.isCallExpression(registration.call) ? registration.call.getArguments()[0] : undefined)
      : undefined;
  const fromRegistration = registered ? snakeCase(registered) : '';
  if (fromRegistration) return fromRegistration;
  const own = ownNameOf(handler);
  const fromHandler = own ? snakeCase(own) : '';
  if (fromHandler) return fromHandler;
  const file = handler.getSourceFile().getBaseNameWithoutExtension();
  return snakeCase(`${file}_${registration.method}`) || 'handler';
}

function methodNameOf(call: Node): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = unwrap(call.getExpression());
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
}

/** A function's own name: its declaration's, or the variable or property it is assigned to. */
function ownNameOf(fn: Node): string | undefined {
  if (Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn)) {
    const name = fn.getName();
    if (name) return name;
  }
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode())) return parent.getName();
  return undefined;
}

/**
 * Whether the old sampling call was typed as one content block (`CreateMessageResult`): the low-level
 * `createMessage` whose params are a literal without `tools`, or a request validated by `CreateMessageResultSchema`.
 */
export function singleBlockSampling(ask: Ask): boolean {
  const call = ask.call.node;
  if (!Node.isCallExpression(call)) return false;
  const schema = call.getArguments()[1];
  if (schema && schema.getText() === 'CreateMessageResultSchema') return true;
  if (!pushMethodOfForm(ask.call.form)?.singleBlock) return false;
  const params = ask.params;
  return (
    !!params &&
    Node.isObjectLiteralExpression(params) &&
    params
      .getProperties()
      .every((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && p.getName() !== 'tools')
  );
}
