import type { CallToolResult, Tool } from '@modelcontextprotocol/server';

export type AreaName = 'notes' | 'clock';

/** One area of the server: the tools it lists, and how it answers a call of one of them. */
export interface AreaHandler {
  getTools(): Tool[];
  handleCall(toolName: string, args: Record<string, unknown>): Promise<CallToolResult>;
}
