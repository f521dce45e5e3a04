// The handlers' context is typed here, in the project's own tool type: not where each handler is written (the
// shape of finnmerlett/user-input-mcp).
import type { ServerResult, Tool, ServerContext } from '@modelcontextprotocol/server';

export type ToolWithHandler = Tool & {
  handler: (args: any, extra: ServerContext) => Promise<ServerResult>;
};
