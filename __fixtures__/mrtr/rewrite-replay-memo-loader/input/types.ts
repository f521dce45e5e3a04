import type { CallToolResult, ServerContext, Tool } from '@modelcontextprotocol/server';

export type AreaName = 'billing' | 'stock';

/** One area of the shop: its tools, and how it answers a call of one of them. */
export interface Area {
  tools(): Tool[];
  handleCall(toolName: string, args: Record<string, unknown>, ctx: ServerContext): Promise<CallToolResult>;
}
