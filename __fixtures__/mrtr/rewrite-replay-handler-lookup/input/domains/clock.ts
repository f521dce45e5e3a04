import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { AreaHandler } from '../types.js';

export const clockHandler: AreaHandler = {
  getTools(): Tool[] {
    return [{ name: 'clock_zone', description: 'The time zone', inputSchema: { type: 'object', properties: {} } }];
  },
  async handleCall(): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: 'UTC' }] };
  },
};
