import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

// The project's own names for the SDK's handler context and a tool's handler.
export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
export type ToolHandler = (args: Record<string, unknown>, extra: ToolExtra) => Promise<CallToolResult>;

export interface ToolDefinition {
  name: string;
  description: string;
  handler: ToolHandler;
}
