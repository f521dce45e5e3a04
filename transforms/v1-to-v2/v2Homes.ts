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
