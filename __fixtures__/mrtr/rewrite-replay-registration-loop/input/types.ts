import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type * as z from 'zod/v4';

/** One tool of this server: the registration loop in server.ts registers every entry of `tools`. */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodObject;
  // The SDK has validated the arguments against inputSchema before the handler runs.
  handler: (args: Record<string, any>, ctx: ServerContext) => Promise<CallToolResult>;
}
