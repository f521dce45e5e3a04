import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { AreaHandler } from '../types.js';

/** How many times the clock's tools were listed: a count that listing them changes. */
export let listed = 0;

export const clockHandler: AreaHandler = {
  getTools(): Tool[] {
    listed++;
    return [{ name: 'clock_zone', description: 'The time zone', inputSchema: { type: 'object', properties: {} } }];
  },
  async handleCall(): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: `UTC (tools listed ${listed} times)` }] };
  },
};
