import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from '../confirm.js';
import { withAsks } from '../mcp-mrtr-runtime.js';
import { requestStateCodec } from '../state.js';

export const archived = new Set<string>();

export function registerArchiveTools(server: McpServer) {
  server.registerTool('archive', { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ project }) => {
    if (!(await confirm(server, `Archive ${project}?`))) return { content: [{ type: 'text', text: 'Not archived.' }] };
    archived.add(project);
    return { content: [{ type: 'text', text: `Archived ${project}.` }] };
  }, { name: 'archive' }));
}
