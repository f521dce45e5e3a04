// Mapping tables for detection: the source of truth for which SDK names, modules and shapes count (the push methods
// themselves are in pushMethods.ts).

export const TRANSFORM_ID = 'mrtr';

/** The base name of the runtime module the replay strategy writes once into the user's project (and imports `ask` from). */
export const REPLAY_RUNTIME_NAME = 'mcp-mrtr-runtime';

/** Module specifiers of the SDK, by major version. */
export function sdkMajorOfModule(specifier: string): 'v1' | 'v2' | undefined {
  if (specifier === '@modelcontextprotocol/sdk' || specifier.startsWith('@modelcontextprotocol/sdk/')) return 'v1';
  if (/^@modelcontextprotocol\/(server|core|node|express|hono)(\/|$)/.test(specifier)) return 'v2';
  return undefined;
}

/** What an SDK value is, as far as detection cares. `request-sender`: the context's request function as a value. */
export type Role = 'mcp-server' | 'server' | 'context' | 'mcp-req' | 'request-sender';

/** SDK classes and types whose instances are receivers of push-style requests. */
export const SDK_TYPE_ROLES: Record<string, Role> = {
  McpServer: 'mcp-server',
  Server: 'server',
  RequestHandlerExtra: 'context',
  ServerContext: 'context',
  BaseContext: 'context',
  McpRequestContext: 'mcp-req',
};

/** Members of an SDK value that are SDK values themselves (`mcp.server`, `extra.sendRequest`, `McpServer['server']`). */
export const MEMBER_ROLES: Partial<Record<Role, Record<string, Role>>> = {
  'mcp-server': { server: 'server' },
  context: { mcpReq: 'mcp-req', sendRequest: 'request-sender' },
  'mcp-req': { send: 'request-sender' },
};

/** Utility types that keep the role of the type they narrow (`Pick<Server, 'elicitInput'>`) or wrap (`Promise<Server>`). */
export const ROLE_KEEPING_TYPES: ReadonlySet<string> = new Set([
  'Pick',
  'Omit',
  'Partial',
  'Required',
  'Readonly',
  'NonNullable',
  'Promise',
  'PromiseLike',
  'Awaited',
]);

/** Async context stores whose type argument is the type of what their reader returns (`storage.getStore()`). */
export const CONTEXT_STORES: Record<string, string> = { AsyncLocalStorage: 'getStore' };

/** McpServer registration methods: the family their callback runs under. */
export const REGISTRATIONS: Record<string, 'tools/call' | 'prompts/get' | 'resources/read'> = {
  tool: 'tools/call',
  registerTool: 'tools/call',
  prompt: 'prompts/get',
  registerPrompt: 'prompts/get',
  resource: 'resources/read',
  registerResource: 'resources/read',
};

/** setRequestHandler schema names (v1) and method strings (v2) -> method. */
export const REQUEST_SCHEMA_METHODS: Record<string, string> = {
  CallToolRequestSchema: 'tools/call',
  GetPromptRequestSchema: 'prompts/get',
  ReadResourceRequestSchema: 'resources/read',
  ListToolsRequestSchema: 'tools/list',
  ListPromptsRequestSchema: 'prompts/list',
  ListResourcesRequestSchema: 'resources/list',
  ListResourceTemplatesRequestSchema: 'resources/templates/list',
  CompleteRequestSchema: 'completion/complete',
  SubscribeRequestSchema: 'resources/subscribe',
  UnsubscribeRequestSchema: 'resources/unsubscribe',
  SetLevelRequestSchema: 'logging/setLevel',
  InitializeRequestSchema: 'initialize',
  PingRequestSchema: 'ping',
};

export const NOTIFICATION_SCHEMA_METHODS: Record<string, string> = {
  RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
  InitializedNotificationSchema: 'notifications/initialized',
  CancelledNotificationSchema: 'notifications/cancelled',
  ProgressNotificationSchema: 'notifications/progress',
};

/** Requests whose handlers may answer input_required (MRTR.md section 1). */
export const MRTR_CAPABLE_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

export const TIMER_FUNCTIONS: ReadonlySet<string> = new Set([
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
]);
export const EVENT_METHODS: ReadonlySet<string> = new Set([
  'on',
  'once',
  'addListener',
  'addEventListener',
  'prependListener',
]);
/**
 * Test doubles around an SDK method (detect/mockUses.ts): functions that take it to watch or replace it
 * (`expect(server.elicitInput)`, `vi.mocked(...)`, `sinon.spy(...)`), and members only a mock has
 * (`server.elicitInput.mockResolvedValue(...)`, sinon's `.resolves(...)`, `.calledWith(...)`).
 */
export const MOCK_FUNCTIONS: ReadonlySet<string> = new Set(['expect', 'mocked', 'spy', 'stub', 'assert']);
export const MOCK_MEMBERS =
  /^(mock[A-Z]\w*|mock|resolves|rejects|returns|callsFake|calledWith\w*|calledOnce\w*|called|callCount|getCall|firstCall|lastCall|restore|withArgs)$/;
/** Server/transport callback properties that run outside any request. */
export const EVENT_PROPERTIES: ReadonlySet<string> = new Set(['onclose', 'onerror', 'onmessage']);

/**
 * Words beside the push methods' (pushMethods.ts `PUSH_PREFILTER_WORDS`) whose presence makes a file worth parsing (the
 * prefilter): the URL error, the roots notification, `oninitialized`, and the result schemas (`CreateMessageResult`
 * starts both sampling schemas' names).
 */
export const PREFILTER_WORDS = [
  'UrlElicitationRequiredError',
  'RootsListChanged',
  'roots/list_changed',
  'oninitialized',
  'ElicitResultSchema',
  'CreateMessageResult',
  'ListRootsResultSchema',
];
