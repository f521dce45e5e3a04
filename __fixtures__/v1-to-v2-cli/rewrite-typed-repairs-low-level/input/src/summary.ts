import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The balance a tool result carries in its structured content, for a one-line summary in the logs. */
export function balanceOf(result: CallToolResult): number | undefined {
  const balance = result.structuredContent?.balance;
  return typeof balance === 'number' ? balance : undefined;
}
