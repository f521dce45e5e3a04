// The push-method vocabulary as data: the source of truth for which SDK call forms ask the client for something,
// what they ask, and what each becomes. Detection, analysis, planning and rewriting read these tables (and the sets
// derived below); a new call form is one row. The replay runtime the user receives spells the same names on its
// own (it cannot import this file): test/replay-runtime.test.ts keeps the two equal.
import type { SiteKind } from '../../lib/model.js';
import type { Role } from './constants.js';

/** The replay runtime's ask that stands in for an old call (`ask.<method>`). */
export type AskMethod = 'elicitInput' | 'createMessage' | 'listRoots' | 'request';

/** One SDK call form that sends a server->client request (or, for the notifier, goes with one). */
export interface PushMethod {
  /** The member called: `server.<name>(...)`, `ctx.mcpReq.<name>(...)`. */
  name: string;
  /** The receiver roles that have it (constants.ts `Role`). */
  roles: readonly Role[];
  /** The SDK majors that spell it so. */
  sdks: readonly ('v1' | 'v2')[];
  /** What it asks for; none for a generic sender, whose kind comes from the method string or the result schema. */
  kind?: SiteKind;
  /** `createElicitationCompletionNotifier`: no request of its own, it goes with a URL elicitation. */
  notifier?: true;
  /** The replay runtime's ask in its place; none when replay has no equivalent. */
  ask?: AskMethod;
  /**
   * Also looked for on receivers the analysis cannot prove (other libraries have the name): reported with the SDK's
   * argument shape, or (`shape-or-cast`) also on a receiver cast to `any`.
   */
  unproven?: 'shape' | 'shape-or-cast';
  /** The SDK's params types: an argument declared as one of them is the SDK's question on an unproven receiver. */
  paramsTypes?: readonly string[];
  /** The old call validated accepted form content against `requestedSchema` (a plain request did not). */
  validatesContent?: true;
  /** The old call was typed as one content block (`CreateMessageResult`) when asked without `tools`. */
  singleBlock?: true;
  /** A word too common to pick files by in the prefilter (`request`, `send`). */
  commonWord?: true;
}

/** Every push-style call form, in the order detection looks for them (the order sites are found in a file). */
export const PUSH_METHOD_TABLE: readonly PushMethod[] = [
  {
    name: 'elicitInput',
    roles: ['server', 'mcp-req'],
    sdks: ['v1', 'v2'],
    kind: 'elicitation',
    ask: 'elicitInput',
    unproven: 'shape-or-cast',
    paramsTypes: ['ElicitRequest', 'ElicitRequestParams', 'ElicitRequestFormParams', 'ElicitRequestURLParams'],
    validatesContent: true,
  },
  {
    name: 'createMessage',
    roles: ['server'],
    sdks: ['v1', 'v2'],
    kind: 'sampling',
    ask: 'createMessage',
    // `createMessage` is a common name: a cast to `any` says nothing here.
    unproven: 'shape',
    paramsTypes: [
      'CreateMessageRequest',
      'CreateMessageRequestParams',
      'CreateMessageRequestParamsBase',
      'CreateMessageRequestParamsWithTools',
    ],
    singleBlock: true,
  },
  // The handler context's sampling request is the server's `createMessage`.
  { name: 'requestSampling', roles: ['mcp-req'], sdks: ['v2'], kind: 'sampling', ask: 'createMessage' },
  {
    name: 'listRoots',
    roles: ['server'],
    sdks: ['v1', 'v2'],
    kind: 'roots',
    ask: 'listRoots',
    unproven: 'shape-or-cast',
  },
  {
    name: 'createElicitationCompletionNotifier',
    roles: ['server'],
    sdks: ['v1', 'v2'],
    kind: 'elicitation',
    notifier: true,
    unproven: 'shape-or-cast',
  },
  // Generic senders: `server.request({ method, params }, Schema)`, `extra.sendRequest(...)`, `ctx.mcpReq.send(...)`.
  { name: 'request', roles: ['server'], sdks: ['v1', 'v2'], ask: 'request', commonWord: true },
  // On a v2 context only where the v1 step could not see its type (a handler typed in another file): replay's request.
  { name: 'sendRequest', roles: ['context'], sdks: ['v1'], ask: 'request' },
  { name: 'send', roles: ['mcp-req'], sdks: ['v2'], ask: 'request', commonWord: true },
];

/** What each kind of request is on the wire: its method string, the SDK's result schemas, its `inputRequired` builder. */
export const PUSH_KINDS: Record<SiteKind, { method: string; resultSchemas: readonly string[]; builder: Builder }> = {
  elicitation: { method: 'elicitation/create', resultSchemas: ['ElicitResultSchema'], builder: 'elicit' },
  sampling: {
    method: 'sampling/createMessage',
    resultSchemas: ['CreateMessageResultSchema', 'CreateMessageResultWithToolsSchema'],
    builder: 'createMessage',
  },
  roots: { method: 'roots/list', resultSchemas: ['ListRootsResultSchema'], builder: 'listRoots' },
};

/**
 * The `inputRequired.<builder>(...)` each ask becomes: the kind it asks, the `inputResponse` kind of its answer, the
 * type of the old call's result, and whether it takes the old params (`listRoots()` takes none).
 */
export const INPUT_REQUIRED_BUILDERS = {
  elicit: { kind: 'elicitation', view: 'elicit', resultType: 'ElicitResult', params: true },
  // URL mode: an elicitation whose params say `mode: 'url'`.
  elicitUrl: { kind: 'elicitation', view: 'elicit', resultType: 'ElicitResult', params: true },
  // A sampling answer may be a tool-use result (`inputResponse` types it so too).
  createMessage: {
    kind: 'sampling',
    view: 'sampling',
    resultType: '(CreateMessageResult | CreateMessageResultWithTools)',
    params: true,
  },
  listRoots: { kind: 'roots', view: 'roots', resultType: 'ListRootsResult', params: false },
} as const satisfies Record<string, { kind: SiteKind; view: string; resultType: string; params: boolean }>;

export type Builder = keyof typeof INPUT_REQUIRED_BUILDERS;

// Derived views, for the readers that look a form up by name.

const BY_NAME: ReadonlyMap<string, PushMethod> = new Map(PUSH_METHOD_TABLE.map((row) => [row.name, row]));

/** The row of a method name, if it is a push method or a generic sender. */
export function pushMethodNamed(name: string): PushMethod | undefined {
  return BY_NAME.get(name);
}

/** The row of a call form's method (`ctx.mcpReq.elicitInput` -> `elicitInput`); none for a form that says more. */
export function pushMethodOfForm(form: string): PushMethod | undefined {
  const name = /(?:^|\.)([\w$]+)$/.exec(form)?.[1];
  return name === undefined ? undefined : BY_NAME.get(name);
}

/** Push-style methods of a fixed kind, by the receiver roles that have them. */
export const PUSH_METHODS: Record<string, { kind: SiteKind; roles: readonly Role[] }> = Object.fromEntries(
  PUSH_METHOD_TABLE.flatMap((row) => (row.kind ? [[row.name, { kind: row.kind, roles: row.roles }]] : [])),
);

/** Generic request senders: the kind comes from the method string or the result schema. */
export const REQUEST_SENDERS: Record<string, readonly Role[]> = Object.fromEntries(
  PUSH_METHOD_TABLE.flatMap((row) => (row.kind ? [] : [[row.name, row.roles]])),
);

/** Push methods whose name alone proves nothing (detect/findUnprovenCalls.ts), in detection order. */
export const UNPROVEN_METHODS: readonly (PushMethod & { kind: SiteKind })[] = PUSH_METHOD_TABLE.filter(
  (row): row is PushMethod & { kind: SiteKind } => !!row.unproven && !!row.kind,
);

/** The kind of each request method string (`elicitation/create` -> `elicitation`). */
export const REQUEST_METHOD_KINDS: Record<string, SiteKind> = Object.fromEntries(
  Object.entries(PUSH_KINDS).map(([kind, { method }]) => [method, kind as SiteKind]),
);

/** The kind of each SDK result schema (`ElicitResultSchema` -> `elicitation`). */
export const RESULT_SCHEMA_KINDS: Record<string, SiteKind> = Object.fromEntries(
  Object.entries(PUSH_KINDS).flatMap(([kind, { resultSchemas }]) => resultSchemas.map((s) => [s, kind as SiteKind])),
);

/** The replay runtime's ask for each old method that has one. */
export const ASK_METHODS: Record<string, AskMethod> = Object.fromEntries(
  PUSH_METHOD_TABLE.flatMap((row) => (row.ask ? [[row.name, row.ask]] : [])),
);

/** Every method name a push-style call is spelled with. */
export const PUSH_METHOD_NAMES: ReadonlySet<string> = new Set(PUSH_METHOD_TABLE.map((row) => row.name));

/** The table's words the prefilter looks for: method names (not the common ones) and method strings. */
export const PUSH_PREFILTER_WORDS: readonly string[] = [
  ...PUSH_METHOD_TABLE.filter((row) => !row.commonWord).map((row) => row.name),
  ...Object.values(PUSH_KINDS).map((k) => k.method),
];
