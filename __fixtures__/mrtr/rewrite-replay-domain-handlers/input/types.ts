import type { CallToolResult, ServerContext, Tool } from '@modelcontextprotocol/server';

export type DomainName = 'files' | 'clock';

/** One area of the server: the tools it lists, and how it answers a call of one of them. */
export interface DomainHandler {
  tools(): Tool[];
  handleCall(toolName: string, args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult>;
}
