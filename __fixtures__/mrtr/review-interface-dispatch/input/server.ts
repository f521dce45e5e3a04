import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { Action } from './action.js';
import { WipeAction } from './wipe-action.js';

const server = new McpServer({ name: 'admin', version: '1.0.0' });
const actions: { [name: string]: Action } = { wipe: new WipeAction(server) };

server.registerTool(
  'run_action',
  { description: 'Run an admin action', inputSchema: { action: z.string(), input: z.string() } },
  async ({ action, input }) => {
    const selected: Action | undefined = actions[action];
    if (!selected) return { content: [{ type: 'text', text: `No action ${action}` }], isError: true };
    return { content: [{ type: 'text', text: await selected.run(input) }] };
  },
);

export default server;
