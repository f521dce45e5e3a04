import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from '../confirm.js';
import { archived } from './archive.js';

export function registerRestoreTools(server: McpServer) {
  server.registerTool('restore', { description: 'Restore an archived project', inputSchema: z.object({ project: z.string() }) }, async ({ project }) => {
    if (!archived.has(project)) return { content: [{ type: 'text', text: `${project} is not archived.` }], isError: true };
    if (!(await confirm(server, `Restore ${project}?`))) return { content: [{ type: 'text', text: 'Still archived.' }] };
    archived.delete(project);
    return { content: [{ type: 'text', text: `Restored ${project}.` }] };
  });
}
