// The v1-to-v2 step's tables, as data: the ranges of the packages it adds, the zod ranges it raises, the v1 handler
// context's members and the v2 homes of the names the official codemod drops.

/** The ranges added for packages the migrated code imports: MRTR (`inputRequired`) needs the v2 SDK at 2.4 (`@modelcontextprotocol/node` 2.1 is the first for it). */
export const ADDED_RANGES: Record<string, string> = {
  '@modelcontextprotocol/server': '^2.4.0',
  '@modelcontextprotocol/core': '^2.4.0',
  '@modelcontextprotocol/client': '^2.4.0',
  // The framework adapters version on their own (2.4.0 of server came with node 2.1, express and hono 2.0).
  '@modelcontextprotocol/node': '^2.1.2',
  '@modelcontextprotocol/express': '^2.0.2',
  '@modelcontextprotocol/hono': '^2.0.2',
  // Where the official codemod sends v1 auth-server and SSE code (its markers ask for a re-point; until then it must install).
  '@modelcontextprotocol/server-legacy': '^2.3.1',
  zod: '^4.2.0',
};

/** A zod range below 4 (`^3.25.76`, `~3.23`, `>=3`): the step raises it, and repairOutput.ts rewrites what needs zod 3. */
export const ZOD_BELOW_4 = /^[\^~>=\s]*[0-3](\.|$)/;

// The v1 handler context (`RequestHandlerExtra`) members and their v2 `ServerContext` spelling: the source of truth of
// mapContextMembers.ts. test/v1-to-v2-repairs.test.ts compiles every `to` against the installed v2 ServerContext.
// `requestInfo` is left out on purpose: v2's `http.req` is a fetch `Request`, not v1's `{ headers }` record, so a
// mechanical rename would type-check and read the wrong shape.

export interface ContextMember {
  /** The v1 member, read as `extra.<from>`. */
  from: string;
  /** Its v2 path after the parameter (`.mcpReq.send`, `.http?.authInfo`). */
  to: string;
}

export const CONTEXT_MEMBERS: readonly ContextMember[] = [
  { from: 'signal', to: '.mcpReq.signal' },
  { from: 'requestId', to: '.mcpReq.id' },
  { from: '_meta', to: '.mcpReq._meta' },
  { from: 'sendRequest', to: '.mcpReq.send' },
  { from: 'sendNotification', to: '.mcpReq.notify' },
  { from: 'authInfo', to: '.http?.authInfo' },
  { from: 'closeSSEStream', to: '.http?.closeSSE' },
  { from: 'closeStandaloneSSEStream', to: '.http?.closeStandaloneSSE' },
];

/** v1 members with no v2 `ServerContext` spelling: a use of one is a review item. */
export const UNMAPPED_CONTEXT_MEMBERS: readonly string[] = ['requestInfo', 'taskStore', 'taskId', 'taskRequestedTtl'];

// The v2 home of a name the official codemod drops from a v1 import while code still uses it (restoreImports.ts):
// the v1 `experimental/tasks` module has no v2 counterpart, yet its protocol types and schemas are exported by v2.
// The source of truth for that repair; test/v1-to-v2-repairs.test.ts checks every entry against the installed v2
// packages. A name that is not here goes back to its v1 specifier while package.json lists the v1 package, else is reported.
export interface V2Home {
  module: string;
  /** A type only: imported with `import type` (nothing to load at run time). */
  type: boolean;
}

const SERVER_TYPE: V2Home = { module: '@modelcontextprotocol/server', type: true };
const CORE_SCHEMA: V2Home = { module: '@modelcontextprotocol/core', type: false };

export const V2_HOMES: Readonly<Record<string, V2Home>> = {
  CancelTaskRequest: SERVER_TYPE,
  CancelTaskRequestSchema: CORE_SCHEMA,
  CancelTaskResult: SERVER_TYPE,
  CancelTaskResultSchema: CORE_SCHEMA,
  CreateTaskResult: SERVER_TYPE,
  CreateTaskResultSchema: CORE_SCHEMA,
  GetTaskPayloadRequest: SERVER_TYPE,
  GetTaskPayloadRequestSchema: CORE_SCHEMA,
  GetTaskRequest: SERVER_TYPE,
  GetTaskRequestSchema: CORE_SCHEMA,
  GetTaskResult: SERVER_TYPE,
  GetTaskResultSchema: CORE_SCHEMA,
  ListTasksRequest: SERVER_TYPE,
  ListTasksRequestSchema: CORE_SCHEMA,
  ListTasksResult: SERVER_TYPE,
  ListTasksResultSchema: CORE_SCHEMA,
  RelatedTaskMetadata: SERVER_TYPE,
  RelatedTaskMetadataSchema: CORE_SCHEMA,
  Task: SERVER_TYPE,
  TaskCreationParams: SERVER_TYPE,
  TaskCreationParamsSchema: CORE_SCHEMA,
  TaskSchema: CORE_SCHEMA,
  TaskStatusNotification: SERVER_TYPE,
  TaskStatusNotificationParams: SERVER_TYPE,
  TaskStatusNotificationParamsSchema: CORE_SCHEMA,
  TaskStatusNotificationSchema: CORE_SCHEMA,
};
