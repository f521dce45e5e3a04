import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { confirm } from './confirm.js';
import { server } from './server.js';

server.registerTool(
  'delete_note',
  { description: 'Delete a note', inputSchema: { id: z.string() } },
  async ({ id }) => {
    if (!(await confirm(`Delete note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Deleted ${id}.` }] };
  },
);

await server.connect(new StdioServerTransport());
