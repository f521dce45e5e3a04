import { Node } from '../../../lib/tsMorph.cjs';
import type { Builder } from '../analyse/askCall.js';
import type { MrtrAnalysis } from '../analyse/classify.js';
import { referencesTo } from '../analyse/functions.js';
import type { Registration } from '../analyse/handlers.js';
import type { PushCall } from '../analyse/pushCall.js';
import { constValue, unwrap } from '../analyse/symbols.js';
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
 */
export function asksOf(
  calls: PushCall[],
  builders: Builder[],
  params: Array<Node | undefined>,
  bindings: Array<Binding | undefined>,
  registration: Registration,
  keyName: (binding: Binding | undefined) => string | undefined,
): Ask[] | Review {
  const asks: Ask[] = [];
  const keys = new Set<string>();
  for (const [i, call] of calls.entries()) {
    const builder = builders[i]!;
    let schema: Ask['schema'];
    // Only `elicitInput` validated accepted content against requestedSchema; a plain request (`send`,
    // `sendRequest`, `request`) checked the result's shape only, so its rewrite must not add validation.
    if (builder === 'elicit' && /(^|\.)elicitInput$/.test(call.form)) {
      const found = schemaOf(params[i]);
      if (found === null) return { kind: 'review', reason: 'unknown-schema' };
      schema = found;
    }
    const binding = bindings[i];
    const base = keyOf(keyName(binding), call, registration);
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

/** A readable key, unique in its handler: the result's name, or `<kind>_<handler>`. */
export function keyOf(binding: string | undefined, call: PushCall, registration: Registration): string {
  const word = KIND_WORD[call.kind];
  // `ask_<handler>`, unless the handler's name already says it (`ask_email`, `sample`): no `ask_ask_email`.
  const byHandler =
    registration.name === word || registration.name.startsWith(`${word}_`)
      ? registration.name
      : `${word}_${registration.name}`;
  const base = binding && /^[A-Za-z_$][\w$]*$/.test(binding) && !GENERIC_NAMES.has(binding) ? binding : byHandler;
  const key = base
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  return /^[a-z_]/.test(key) ? key : `k_${key}`;
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
  if (!/(^|\.)createMessage$/.test(ask.call.form)) return false;
  const params = ask.params;
  return (
    !!params &&
    Node.isObjectLiteralExpression(params) &&
    params
      .getProperties()
      .every((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)) && p.getName() !== 'tools')
  );
}
