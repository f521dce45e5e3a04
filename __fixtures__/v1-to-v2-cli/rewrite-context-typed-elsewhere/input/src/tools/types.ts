// The handlers' context is typed here, in the project's own tool type: not where each handler is written (the
// shape of finnmerlett/user-input-mcp).
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest, ServerResult, Tool } from '@modelcontextprotocol/sdk/types.js';

export type ToolWithHandler = Tool & {
  handler: (args: any, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<ServerResult>;
};
