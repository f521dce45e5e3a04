import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { archived } from './archive.js';

export function registerRenameTools(server: McpServer) {
  server.registerTool('rename', { description: 'Rename an archived project', inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx) => {
    const named = await ctx.mcpReq.elicitInput({
      message: `New name for ${project}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] },
    });
    if (named.action !== 'accept') return { content: [{ type: 'text', text: 'Name kept.' }] };
    const name = String(named.content?.name);
    const sure = await ctx.mcpReq.elicitInput({
      message: `Rename ${project} to ${name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (sure.action !== 'accept' || sure.content?.ok !== true) return { content: [{ type: 'text', text: 'Name kept.' }] };
    archived.delete(project);
    archived.add(name);
    return { content: [{ type: 'text', text: `${project} is now ${name}.` }] };
  });
}
