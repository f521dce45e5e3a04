import { Node, SyntaxKind, type NewExpression, type SourceFile } from 'ts-morph';
import type { MrtrAnalysis } from './classify.js';
import type { FunctionNode } from './functions.js';
import type { Registration } from './handlers.js';
import { statementOf } from './insertMarker.js';
import {
  bindingOf,
  builderOf,
  capabilityReadsIn,
  contextOf,
  handlerOf,
  isDirectAsk,
  keyOf,
  paramsOf,
  schemaOf,
  type Ask,
  type ExplicitPlan,
  type HandlerSite,
} from './planExplicit.js';
import type { ReasonId } from './reasons.js';
import { isReplaySafeExpression } from './replaySafe.js';
import { sdkNameOf, unwrap } from './symbols.js';

/** A local that is live across an ask: it travels in requestState and is restored on the round that resumes there. */
export interface CarriedLocal {
  name: string;
  keyword: 'const' | 'let' | 'var';
  /** Its TypeScript type as carried (the state type's member). */
  type: string;
  /** A Date travels as its ISO string and is revived with `new Date(...)`. */
  date: boolean;
  /** Computed by the server (not an answer, an argument or a literal): the client can read it in the signed state. */
  serverSide: boolean;
}

/** Where the server is constructed, to wire the codec's verify (`new McpServer(info, { requestState: { verify } })`). */
export interface ServerWiring {
  construction: NewExpression;
  sourceFile: SourceFile;
}

/**
 * A handler whose asks depend on each other (or follow code with effects): a step function. Each ask is a
 * round of its own; the handler resumes at the step named in the verified requestState, where the locals
 * live across that ask (and every earlier answer) are restored. Code between asks runs exactly once.
 */
export interface StepsPlan {
  asks: Ask[];
  /** The statement of each ask (a direct child of the handler body), in order. */
  statements: Node[];
  /** `segments[k]`: the body statements before ask k (after ask k-1); the last entry: those after the last ask. */
  segments: Node[][];
  /** `carried[k]`: the locals restored when resuming at ask k (and saved when moving to it). */
  carried: CarriedLocal[][];
  handler: FunctionNode;
  registration: Registration;
  mcpReq: string;
  addContext?: ExplicitPlan['addContext'];
  capabilityReads: Node[];
  /** Step names are `<prefix>:<ask key>`: unique per server, so a state minted for one handler never resumes another. */
  stepPrefix: string;
  wiring: ServerWiring;
}

export type StepsVerdict = { plan: StepsPlan } | { reason: ReasonId; detail?: string };

/** Types whose values do not survive JSON.stringify/parse (a Date is converted instead). */
const UNSERIALIZABLE_TYPE = /\b(Map|Set|WeakMap|WeakSet|WeakRef|bigint|BigInt|symbol|Symbol|Function|RegExp|Promise|Error|Buffer|Uint8Array|ArrayBuffer)\b|=>/;
const RESULT_TYPE = { elicit: 'ElicitResult', elicitUrl: 'ElicitResult', createMessage: 'CreateMessageResult', listRoots: 'ListRootsResult' } as const;

/**
 * Can a handler's asks become a step function? v2 asks written as statements of the handler body (each
 * `const x = await ask(...)` or `await ask(...)`), in order, outside try/catch, loops and races; each ask's
 * parameters must be safe to evaluate again (a retry without the answer asks again); every carried local
 * must survive JSON; and the server construction must be in the handler's file, to wire the codec.
 */
export function planSteps(sites: HandlerSite[], analysis: MrtrAnalysis): StepsVerdict | undefined {
  if (sites.some(({ call }) => call.sdk !== 'v2' || call.reason)) return undefined;
  const methods = sites.map(({ call }) => call.form.split('.').pop() ?? '');
  const builders = sites.map(({ call }, i) => builderOf(call, methods[i]!));
  if (builders.some((b) => !b)) return undefined;
  const registration = sites[0]!.chains[0]?.registration;
  const handler = registration ? handlerOf(registration) : undefined;
  if (!registration || !handler || !sites.every(isDirectAsk)) return { reason: 'ask-in-helper' };
  const fn = handler as FunctionNode;
  const body = fn.getBody?.();
  if (!body || !Node.isBlock(body)) return { reason: 'ask-not-statement' };
  if (sites.some(({ guards }) => guards.some((g) => g !== 'capability-check'))) return { reason: 'guarded-ask' };
  const ordered = [...sites].sort((a, b) => a.call.node.getStart() - b.call.node.getStart());
  const top = body.getStatements();
  const statements = ordered.map(({ call }) => statementOf(call.node));
  if (statements.some((s) => s.getParent() !== body) || new Set(statements).size !== statements.length) return { reason: 'ask-not-statement' };
  const bindings = ordered.map(({ call }, i) => bindingOf(statements[i]!, call.node, analysis));
  if (bindings.some((b) => b === null)) return { reason: 'ask-not-statement' };
  const params = ordered.map(({ call }) => paramsOf(call, call.form.split('.').pop() ?? ''));
  // A retry without the answer asks again: the question must come out the same.
  if (!params.every((p) => isReplaySafeExpression(p))) return { reason: 'repeated-effects' };
  const positions = statements.map((s) => top.indexOf(s as never));
  const segments: Node[][] = [];
  let from = 0;
  for (const index of positions) {
    segments.push(top.slice(from, index));
    from = index + 1;
  }
  segments.push(top.slice(from));
  const before = segments.slice(0, -1).flat();
  const capabilityReads = capabilityReadsIn(segments.flat(), analysis);
  if (capabilityReads === null) return { reason: 'guarded-ask' };
  const context = contextOf(fn, analysis);
  if (!context) return { reason: 'ask-not-statement' };
  // Parameters are re-sent with every retry and are not carried: they must keep their values.
  const parameterNames = fn.getParameters().flatMap((p) => namesIn((p as unknown as { getNameNode(): Node }).getNameNode()));
  if (before.some((s) => assignsTo(s, parameterNames))) return { reason: 'unserializable-state', detail: 'a handler parameter is reassigned before an ask' };

  const asks: Ask[] = [];
  const keys = new Set<string>();
  for (const [i, { call }] of ordered.entries()) {
    const builder = builders[sites.indexOf(ordered[i]!)]!;
    let schema: Ask['schema'];
    if (builder === 'elicit') {
      const found = schemaOf(params[i]);
      if (found === null) return { reason: 'unknown-schema' };
      schema = found;
    }
    const binding = bindings[i] ?? undefined;
    // `const { roots } = await ...`: a pattern of one name names the answer as well as a plain binding does.
    const patternNames = binding?.pattern ? binding.name.match(/[A-Za-z_$][\w$]*/g) ?? [] : [];
    const keyName = binding?.pattern ? (patternNames.length === 1 ? patternNames[0] : undefined) : binding?.name;
    let key = keyOf(keyName, call, registration);
    for (let n = 2; keys.has(key); n++) key = `${keyOf(keyName, call, registration)}_${n}`;
    keys.add(key);
    asks.push({ call, ...(binding ? { binding } : {}), builder, ...(params[i] ? { params: params[i] } : {}), ...(schema ? { schema } : {}), key });
  }

  // Every local declared before an ask and used at or after it travels in the state of that ask's step.
  const declared: Array<{ node: Node; name: string; keyword: CarriedLocal['keyword']; ask?: Ask; statementIndex: number }> = [];
  const carried: CarriedLocal[][] = [];
  for (const [k, statement] of statements.entries()) {
    for (const node of segments[k]!) {
      if (Node.isVariableStatement(node)) {
        const keyword = node.getDeclarationKind() as CarriedLocal['keyword'];
        for (const d of node.getDeclarations()) for (const id of identifiersIn(d.getNameNode())) declared.push({ node: id, name: id.getText(), keyword, statementIndex: k });
      } else if (Node.isFunctionDeclaration(node) || Node.isClassDeclaration(node)) {
        const name = node.getNameNode();
        if (name && usedFrom(name, statement.getStart())) return { reason: 'unserializable-state', detail: `\`${name.getText()}\` is declared before an ask and used after it` };
      }
    }
    const live: CarriedLocal[] = [];
    for (const local of declared) {
      if (!usedFrom(local.node, statement.getStart())) continue;
      const value = carriedValueOf(local.node, local.keyword, local.ask, analysis, body);
      if ('unsafe' in value) return { reason: 'unserializable-state', detail: value.unsafe };
      live.push(value);
    }
    carried.push(live);
    const ask = asks[k]!;
    if (ask.binding) {
      const bindingNode = (statement as import('ts-morph').VariableStatement).getDeclarations()[0]!.getNameNode();
      for (const id of identifiersIn(bindingNode)) declared.push({ node: id, name: id.getText(), keyword: ask.binding.keyword, ask, statementIndex: k });
    }
  }
  const wiring = wiringOf(registration, analysis);
  if (!wiring) return { reason: 'state-codec-unwired' };
  const stepPrefix = registration.name.replace(/[^A-Za-z0-9_.-]+/g, '_');
  return {
    plan: { asks, statements, segments, carried, handler: fn, registration, ...context, capabilityReads, stepPrefix, wiring },
  };
}

/** The identifiers a binding name declares (`x`, `{ a, b: c }`, `[d, ...e]`). */
function identifiersIn(name: Node): Node[] {
  if (Node.isIdentifier(name)) return [name];
  return name.getDescendantsOfKind(SyntaxKind.BindingElement).map((e) => e.getNameNode()).filter((n) => Node.isIdentifier(n));
}

function namesIn(name: Node): string[] {
  return identifiersIn(name).map((n) => n.getText());
}

/** Whether the statement assigns to one of the names (`x = ...`, `x += ...`, `x++`). */
function assignsTo(statement: Node, names: string[]): boolean {
  return statement.getDescendants().some((node) => {
    if (Node.isBinaryExpression(node) && /=$/.test(node.getOperatorToken().getText()) && !/[=!<>]=$/.test(node.getOperatorToken().getText())) {
      return names.includes(unwrap(node.getLeft()).getText());
    }
    if (Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) {
      const op = node.getOperatorToken();
      return (op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken) && names.includes(node.getOperand().getText());
    }
    return false;
  });
}

/** Whether the local declared by `id` is referenced at or after `position` (in its own function). */
function usedFrom(id: Node, position: number): boolean {
  const symbol = id.getSymbol();
  if (!symbol) return true;
  const scope = id.getFirstAncestor((a) => Node.isBlock(a) && !!a.getParent() && !Node.isBlock(a.getParent()!)) ?? id.getSourceFile();
  return scope
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((ref) => ref !== id && ref.getStart() >= position && ref.getText() === id.getText() && isReferenceTo(ref, symbol));
}

function isReferenceTo(ref: Node, symbol: import('ts-morph').Symbol): boolean {
  const parent = ref.getParent();
  // `{ name }` shorthand refers to the local; `obj.name` and `{ name: v }` keys do not.
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) return false;
  if (parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === ref) return false;
  if (parent && Node.isShorthandPropertyAssignment(parent)) {
    return parent.getSymbol() === symbol || ref.getSymbol() === symbol || ref.getText() === symbol.getName();
  }
  return ref.getSymbol() === symbol;
}

/**
 * How a carried local crosses JSON: its type for the state, whether it is a Date (converted), whether the
 * server computed it; or why it cannot travel (Map, Set, class instances, functions, bigint...).
 */
function carriedValueOf(
  id: Node,
  keyword: CarriedLocal['keyword'],
  ask: Ask | undefined,
  analysis: MrtrAnalysis,
  body: Node,
): CarriedLocal | { unsafe: string } {
  const name = id.getText();
  const base = { name, keyword, date: false };
  if (ask) {
    // An answer: the rebuilt old result (plain JSON, from the client).
    const type = RESULT_TYPE[ask.builder];
    const member = Node.isIdentifier(id) && ask.binding?.pattern ? elementPath(id) : undefined;
    return { ...base, type: member ? `${type}${member}` : type, serverSide: false };
  }
  const declaration = id.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  const whole = declaration?.getNameNode() === id;
  const init = declaration?.getInitializer();
  const typeNode = whole ? declaration?.getTypeNode() : undefined;
  const serverSide = !!init && !isReplaySafeExpression(init);
  const value = init && whole ? stripAwait(init) : undefined;
  if (value) {
    if (Node.isNewExpression(value)) {
      const callee = value.getExpression().getText();
      if (callee === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
      return { unsafe: `\`${name}\` holds a \`new ${callee}\`, which does not survive JSON in requestState` };
    }
    if (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isClassExpression(value)) return { unsafe: `\`${name}\` holds a function, which cannot travel in requestState` };
    if (value.getKind() === SyntaxKind.BigIntLiteral || Node.isRegularExpressionLiteral(value)) return { unsafe: `\`${name}\` holds a value JSON cannot carry` };
    if (Node.isCallExpression(value) && ['BigInt', 'Symbol'].includes(value.getExpression().getText())) return { unsafe: `\`${name}\` holds a ${value.getExpression().getText()}, which JSON cannot carry` };
  }
  if (typeNode) {
    const text = typeNode.getText();
    if (text === 'Date' && keyword === 'const') return { ...base, type: 'Date', date: true, serverSide };
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text)) return { unsafe: `\`${name}\` is typed \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  // `x as T`: the code already names the type.
  const asserted = init && whole && Node.isAsExpression(init) && init.getTypeNode()?.getText() !== 'const' ? init.getTypeNode()?.getText() : undefined;
  if (asserted) {
    if (UNSERIALIZABLE_TYPE.test(asserted) || /\bDate\b/.test(asserted)) return { unsafe: `\`${name}\` is a \`${asserted}\`, which does not survive JSON in requestState` };
    return { ...base, type: asserted, serverSide };
  }
  const shaped = value ? primitiveTypeOf(value) : undefined;
  if (shaped) return { ...base, type: shaped, serverSide };
  const type = id.getType();
  const checked = type.isLiteral() ? type.getBaseTypeOfLiteralType() : type;
  const text = checked.getText(id);
  const resolved = !checked.isAny() && !checked.isUnknown() && !/\bany\b|import\(|typeof /.test(text);
  if (resolved) {
    if (UNSERIALIZABLE_TYPE.test(text) || /\bDate\b/.test(text)) return { unsafe: `\`${name}\` is a \`${text}\`, which does not survive JSON in requestState` };
    return { ...base, type: text, serverSide };
  }
  // No type to read (the call's declaration is not analysed): the value's later uses must be plain data reads.
  const usedAsObject = body
    .getDescendantsOfKind(SyntaxKind.Identifier)
    .some((ref) => ref !== id && ref.getText() === name && ref.getSymbol() === id.getSymbol() && isMethodOrInstanceUse(ref));
  if (usedAsObject) return { unsafe: `\`${name}\` has methods called on it; a value from JSON in requestState would not have them` };
  const callee = value && Node.isCallExpression(value) ? value.getExpression() : undefined;
  if (callee && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(callee.getText()) && declaredOutside(callee, body)) {
    return { ...base, type: `Awaited<ReturnType<typeof ${callee.getText()}>>`, serverSide };
  }
  if (!id.getSourceFile().getFilePath().match(/\.(ts|tsx|mts|cts)$/)) return { ...base, type: 'unknown', serverSide };
  return { unsafe: `the type of \`${name}\` cannot be read from its initializer; annotate it (\`const ${name}: T = ...\`) so the state type can declare it` };
}

const STRING_METHODS = new Set(['toString', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'slice', 'substring', 'padStart', 'padEnd', 'replace', 'replaceAll', 'concat', 'join', 'toFixed', 'toISOString', 'normalize', 'repeat']);

/** The primitive type an initializer evidently has, without the checker (the analysis reads no lib typings). */
function primitiveTypeOf(node: Node): 'string' | 'number' | 'boolean' | undefined {
  const value = unwrap(node);
  if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value) || Node.isTemplateExpression(value)) return 'string';
  if (Node.isNumericLiteral(value)) return 'number';
  if (Node.isTrueLiteral(value) || Node.isFalseLiteral(value)) return 'boolean';
  if (Node.isPrefixUnaryExpression(value)) return value.getOperatorToken() === SyntaxKind.ExclamationToken ? 'boolean' : 'number';
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    const name = callee.getText();
    if (name === 'String' || name === 'JSON.stringify') return name === 'String' ? 'string' : undefined;
    if (name === 'Number' || name === 'parseInt' || name === 'parseFloat' || name === 'Date.now' || /^Math\.\w+$/.test(name)) return 'number';
    if (name === 'Boolean' || name === 'Array.isArray') return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && STRING_METHODS.has(callee.getName())) return 'string';
    if (Node.isPropertyAccessExpression(callee) && ['includes', 'startsWith', 'endsWith', 'has', 'some', 'every'].includes(callee.getName())) return 'boolean';
    if (Node.isPropertyAccessExpression(callee) && ['indexOf', 'lastIndexOf', 'getTime'].includes(callee.getName())) return 'number';
    return undefined;
  }
  if (Node.isPropertyAccessExpression(value) && value.getName() === 'length') return 'number';
  if (Node.isConditionalExpression(value)) {
    const whenTrue = primitiveTypeOf(value.getWhenTrue());
    return whenTrue && whenTrue === primitiveTypeOf(value.getWhenFalse()) ? whenTrue : undefined;
  }
  if (Node.isBinaryExpression(value)) {
    const op = value.getOperatorToken().getKind();
    if ([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.ExclamationEqualsEqualsToken, SyntaxKind.EqualsEqualsToken, SyntaxKind.ExclamationEqualsToken, SyntaxKind.LessThanToken, SyntaxKind.GreaterThanToken, SyntaxKind.LessThanEqualsToken, SyntaxKind.GreaterThanEqualsToken, SyntaxKind.InKeyword, SyntaxKind.InstanceOfKeyword].includes(op)) return 'boolean';
    if ([SyntaxKind.MinusToken, SyntaxKind.AsteriskToken, SyntaxKind.SlashToken, SyntaxKind.PercentToken, SyntaxKind.AsteriskAsteriskToken].includes(op)) return 'number';
    if (op === SyntaxKind.PlusToken) {
      const left = primitiveTypeOf(value.getLeft());
      const right = primitiveTypeOf(value.getRight());
      if (left === 'string' || right === 'string') return 'string';
      if (left === 'number' && right === 'number') return 'number';
    }
  }
  return undefined;
}

/** `['content']['name']` for a name inside an object binding pattern (`const { content: { name } } = ...`). */
function elementPath(id: Node): string | undefined {
  const path: string[] = [];
  for (let element = id.getParent(); element && Node.isBindingElement(element); ) {
    const key = (element.getPropertyNameNode() ?? element.getNameNode()).getText();
    if (!Node.isObjectBindingPattern(element.getParent()!)) return undefined;
    path.unshift(`['${key}']`);
    const outer = element.getParent()!.getParent();
    element = outer && Node.isBindingElement(outer) ? outer : undefined;
  }
  return path.length > 0 ? path.join('') : undefined;
}

function stripAwait(node: Node): Node {
  const inner = unwrap(node);
  return Node.isAwaitExpression(inner) ? unwrap(inner.getExpression()) : inner;
}

/** `x.method(...)`, `x instanceof C`: uses a JSON copy could not serve. */
function isMethodOrInstanceUse(ref: Node): boolean {
  const parent = ref.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === ref) {
    const call = parent.getParent();
    return !!call && Node.isCallExpression(call) && call.getExpression() === parent;
  }
  return !!parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.InstanceOfKeyword;
}

/** Whether the callee's root name is declared outside the handler body (so `typeof` can name it there). */
function declaredOutside(callee: Node, body: Node): boolean {
  const root = callee.getText().split('.')[0]!;
  const rootNode = callee.getFirstDescendant((d) => Node.isIdentifier(d) && d.getText() === root) ?? callee;
  const declarations = rootNode.getSymbol()?.getDeclarations() ?? [];
  return declarations.length > 0 && declarations.every((d) => d.getStart() < body.getStart() || d.getStart() > body.getEnd());
}

/** The `new McpServer(...)` / `new Server(...)` the registration's server comes from, when it is in the same file. */
function wiringOf(registration: Registration, analysis: MrtrAnalysis): ServerWiring | undefined {
  const callee = unwrap((registration.call as import('ts-morph').CallExpression).getExpression());
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const receiver = unwrap(callee.getExpression());
  if (!Node.isIdentifier(receiver)) return undefined;
  const declarations = receiver.getSymbol()?.getDeclarations() ?? [];
  const declaration = declarations.length === 1 ? declarations[0] : undefined;
  if (!declaration || !Node.isVariableDeclaration(declaration)) return undefined;
  const init = declaration.getInitializer();
  const construction = init ? unwrap(init) : undefined;
  if (!construction || !Node.isNewExpression(construction)) return undefined;
  const sdk = sdkNameOf(analysis.project, construction.getExpression());
  if (!sdk || (sdk.name !== 'McpServer' && sdk.name !== 'Server') || sdk.major !== 'v2') return undefined;
  if (construction.getSourceFile() !== registration.call.getSourceFile()) return undefined;
  const args = construction.getArguments();
  if (args.length > 2) return undefined;
  const options = args[1] ? unwrap(args[1]) : undefined;
  if (options && (!Node.isObjectLiteralExpression(options) || options.getProperty('requestState'))) return undefined;
  return { construction, sourceFile: construction.getSourceFile() };
}
