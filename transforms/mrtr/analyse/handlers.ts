import { Node, SyntaxKind } from '../../../lib/tsMorph.cjs';
import type { Family, SdkMajor } from '../../../lib/model.js';
import {
  MRTR_CAPABLE_METHODS,
  NOTIFICATION_SCHEMA_METHODS,
  REGISTRATIONS,
  REQUEST_SCHEMA_METHODS,
} from '../constants.js';
import { isFunctionNode, type FunctionNode } from './functions.js';
import type { OriginResolver } from './origins.js';
import { simpleName, stringValue, unwrap } from './symbols.js';

/** An SDK call that installs a callback: a tool/prompt/resource registration, a request or notification handler. */
export interface Registration {
  call: Node;
  /** The callback argument (a function, or a name referring to one). */
  callback: Node;
  family: Exclude<Family, 'mixed' | 'dead' | 'unresolved'>;
  /** The protocol method the callback serves (`tools/call`, `completion/complete`, `notifications/roots/list_changed`). */
  method: string;
  /** Tool/prompt/resource name, or the method for raw handlers. */
  name: string;
  sdk: SdkMajor;
  /** Parameter index of the handler context (`extra` in v1, `ctx` in v2) in the callback, if it has one. */
  contextIndex?: number;
  /** The expression of the low-level `Server` behind the registration (`server.server`, or `server` for a `Server`). */
  lowLevelServer: string;
}

const HANDLER_SETTERS = new Set(['setRequestHandler', 'setNotificationHandler']);

const registrations = new WeakMap<OriginResolver, Map<Node, Registration>>();

/**
 * If `call` is an SDK registration on a proven server, what it registers. One object per call: a loop that
 * registers several handlers (`for (const tool of TOOLS) server.registerTool(...)`) is one registration to wrap.
 */
export function registrationOf(call: Node, origins: OriginResolver): Registration | undefined {
  let memo = registrations.get(origins);
  if (!memo) registrations.set(origins, (memo = new Map()));
  const known = memo.get(call);
  if (known) return known;
  // Only found registrations are kept: a receiver not proven yet (inside a cycle of the proof) may be later.
  const registration = computeRegistration(call, origins);
  if (registration) memo.set(call, registration);
  return registration;
}

function computeRegistration(call: Node, origins: OriginResolver): Registration | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = unwrap(call.getExpression());
  if (Node.isIdentifier(callee)) return extensionRegistration(call, callee, origins);
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  if (!(method in REGISTRATIONS) && !HANDLER_SETTERS.has(method)) return undefined;
  const args = call.getArguments();
  const callback = lastCallbackArgument(args);
  if (!callback) return undefined;
  const receiver = origins.originOf(callee.getExpression());
  if (!receiver) return undefined;

  if (method in REGISTRATIONS) {
    if (receiver.role !== 'mcp-server') return undefined;
    return mcpServerRegistration(call, method, args, callback, callee.getExpression(), receiver.sdk);
  }
  if (receiver.role !== 'server' && receiver.role !== 'mcp-server') return undefined;
  const lowLevelServer = callee.getExpression().getText() + (receiver.role === 'mcp-server' ? '.server' : '');
  const first = args[0];
  if (method === 'setRequestHandler') {
    const handled = stringValue(first) ?? REQUEST_SCHEMA_METHODS[simpleName(first) ?? ''] ?? simpleName(first) ?? '?';
    const family = MRTR_CAPABLE_METHODS.has(handled) ? (handled as Registration['family']) : 'other-request';
    return {
      call,
      callback,
      family,
      method: handled,
      name: handled,
      sdk: receiver.sdk,
      contextIndex: 1,
      lowLevelServer,
    };
  }
  const handled =
    stringValue(first) ?? NOTIFICATION_SCHEMA_METHODS[simpleName(first) ?? ''] ?? simpleName(first) ?? '?';
  return { call, callback, family: 'notification', method: handled, name: handled, sdk: receiver.sdk, lowLevelServer };
}

/**
 * The MCP Apps extension's registrations (`registerAppTool(server, name, config, cb)`, `registerAppResource(server,
 * name, uri, config, cb)` from `@modelcontextprotocol/ext-apps/server`): each calls the server's own `registerTool` /
 * `registerResource` with the callback, so the callback serves what that registration's would.
 */
function extensionRegistration(call: Node, callee: Node, origins: OriginResolver): Registration | undefined {
  if (!Node.isCallExpression(call) || !Node.isIdentifier(callee)) return undefined;
  const declaration = callee.getSymbol()?.getDeclarations()[0];
  const imported = declaration && Node.isImportSpecifier(declaration) ? declaration : undefined;
  const module = imported?.getImportDeclaration().getModuleSpecifierValue();
  const method = imported ? EXTENSION_REGISTRATIONS[imported.getName()] : undefined;
  if (!method || module === undefined || !EXTENSION_MODULE.test(module)) return undefined;
  const [target, ...rest] = call.getArguments();
  const callback = lastCallbackArgument(rest.length > 0 ? [target!, ...rest] : []);
  const receiver = target ? origins.originOf(target) : undefined;
  if (!callback || !receiver || receiver.role !== 'mcp-server') return undefined;
  // The server's own call, without the server in front: `registerTool(name, config, cb)`.
  return mcpServerRegistration(call, method, rest, callback, target!, receiver.sdk);
}

/** `server.registerTool(name, config, cb)` (or `tool`, `prompt`, `resource`...): `args` from the name on. */
function mcpServerRegistration(
  call: Node,
  method: string,
  args: Node[],
  callback: Node,
  server: Node,
  sdk: SdkMajor,
): Registration {
  const family = REGISTRATIONS[method]!;
  return {
    call,
    callback,
    family,
    method: family,
    name: stringValue(args[0]) ?? args[0]?.getText() ?? '?',
    sdk,
    contextIndex: contextIndexOf(method, args, callback),
    lowLevelServer: `${server.getText()}.server`,
  };
}

/** The server expression a registration is made on: `server` in `server.registerTool(...)` and `registerAppTool(server, ...)`. */
export function serverExpressionOf(registration: Registration): Node | undefined {
  const call = registration.call;
  if (!Node.isCallExpression(call)) return undefined;
  const callee = unwrap(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) return callee.getExpression();
  return Node.isIdentifier(callee) ? call.getArguments()[0] : undefined;
}

const EXTENSION_MODULE = /^@modelcontextprotocol\/ext-apps(\/server)?$/;
const EXTENSION_REGISTRATIONS: Record<string, string> = {
  registerAppTool: 'registerTool',
  registerAppResource: 'registerResource',
};

/**
 * `new ResourceTemplate(uri, { list, complete: { var: fn } })`: its callbacks serve resources/list and
 * completion/complete, which cannot answer input_required.
 */
export function templateCallbackOf(fn: FunctionNode): { method: string; name: string } | undefined {
  const property = fn.getParent();
  if (!property || !Node.isPropertyAssignment(property)) return undefined;
  const key = property.getName();
  let literal = property.getParent();
  if (!literal || !Node.isObjectLiteralExpression(literal)) return undefined;
  let method = key === 'list' ? 'resources/list' : undefined;
  const outer = literal.getParent();
  if (!method && outer && Node.isPropertyAssignment(outer) && outer.getName() === 'complete') {
    method = 'completion/complete';
    literal = outer.getParent();
  }
  const construct = literal?.getParent();
  if (!method || !construct || !Node.isNewExpression(construct)) return undefined;
  return simpleName(construct.getExpression()) === 'ResourceTemplate'
    ? { method, name: `${method} ${key}` }
    : undefined;
}

function lastCallbackArgument(args: Node[]): Node | undefined {
  for (let i = args.length - 1; i >= 1; i--) {
    const arg = unwrap(args[i]!);
    if (
      isFunctionNode(arg) ||
      Node.isIdentifier(arg) ||
      Node.isPropertyAccessExpression(arg) ||
      Node.isCallExpression(arg)
    )
      return args[i];
  }
  return undefined;
}

/**
 * Where the handler context sits in the handler `fn` a loop registers from the object `element`
 * (`server.registerTool(tool.name, tool.config, tool.handler)`): the registration's arguments read as the
 * element's own properties (`tool.config` is the element's `config`), the callback as `fn`.
 */
export function elementContextIndex(registration: Registration, element: Node, fn: Node): number | undefined {
  if (registration.contextIndex !== undefined) return registration.contextIndex;
  const call = registration.call;
  const callee = Node.isCallExpression(call) ? unwrap(call.getExpression()) : undefined;
  if (
    !callee ||
    !Node.isPropertyAccessExpression(callee) ||
    !Node.isCallExpression(call) ||
    !Node.isObjectLiteralExpression(element)
  )
    return undefined;
  const args = call.getArguments().map((arg) => {
    if (arg === registration.callback) return fn;
    const read = unwrap(arg);
    const property = Node.isPropertyAccessExpression(read) ? element.getProperty(read.getName()) : undefined;
    const value = property && Node.isPropertyAssignment(property) ? property.getInitializer() : undefined;
    return value ?? arg;
  });
  return contextIndexOf(callee.getName(), args, fn);
}

/**
 * Where the handler context sits in a registration callback. v1 and v2 pass `(args, extra)` when the
 * registration declares an input/args schema and `(extra)` otherwise; resource callbacks get
 * `(uri, extra)` or `(uri, variables, extra)` for templates.
 */
function contextIndexOf(method: string, args: Node[], callback: Node): number | undefined {
  const between = args.slice(1, args.indexOf(callback)).map(unwrap);
  if (method === 'resource' || method === 'registerResource') {
    const uri = between[0];
    return uri && Node.isNewExpression(uri)
      ? 2
      : uri && !stringValue(uri) && !Node.isTemplateExpression(uri)
        ? undefined
        : 1;
  }
  if (method === 'registerTool' || method === 'registerPrompt') {
    const config = between[0];
    if (!config || !Node.isObjectLiteralExpression(config)) return undefinedIndexFromArity(callback);
    const schemaKey = method === 'registerTool' ? 'inputSchema' : 'argsSchema';
    return config.getProperty(schemaKey) ? 1 : 0;
  }
  // tool(name, [description], [paramsSchema], [annotations], cb) and prompt(name, [description], [argsSchema], cb)
  const objects = between.filter((arg) => !stringValue(arg) && !Node.isTemplateExpression(arg));
  if (objects.length === 0) return 0;
  if (objects.length >= 2) return 1;
  const only = objects[0]!;
  if (Node.isObjectLiteralExpression(only) && isAnnotationsLiteral(only)) return 0;
  return 1;
}

const ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

function isAnnotationsLiteral(literal: Node): boolean {
  if (!Node.isObjectLiteralExpression(literal)) return false;
  const properties = literal.getProperties();
  return (
    properties.length > 0 && properties.every((p) => Node.isPropertyAssignment(p) && ANNOTATION_KEYS.has(p.getName()))
  );
}

/** Without a readable config, a callback declaring two or more parameters takes `(args, extra)`. */
function undefinedIndexFromArity(callback: Node): number | undefined {
  const fn = unwrap(callback);
  if (!isFunctionNode(fn)) return undefined;
  return fn.getParameters().length >= 2 ? 1 : undefined;
}

export function isAssignmentTo(fn: Node, property: string): Node | undefined {
  const parent = fn.getParent();
  if (!parent || !Node.isBinaryExpression(parent) || parent.getOperatorToken().getKind() !== SyntaxKind.EqualsToken)
    return undefined;
  const left = parent.getLeft();
  return Node.isPropertyAccessExpression(left) && left.getName() === property ? left.getExpression() : undefined;
}
