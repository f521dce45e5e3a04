import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export function build() {
  const server = new McpServer({ name: 'tracker', version: '2.0.0' });

  server.registerTool(
    'open_issue',
    { description: 'Open an issue after asking for its title and its labels', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      // Two questions that do not depend on each other, asked one after the other: one MRTR round.
      const title = await ctx.mcpReq.elicitInput({
        message: `Title of the new issue in ${project}?`,
        requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      });
      const labels = await ctx.mcpReq.elicitInput({
        message: 'Labels (comma separated)?',
        requestedSchema: { type: 'object', properties: { labels: { type: 'string' } } },
      });
      if (title.action !== 'accept') return { content: [{ type: 'text', text: 'No issue opened.' }] };
      const tagText = labels.action === 'accept' ? String(labels.content?.labels ?? '') : '';
      return { content: [{ type: 'text', text: `Opened "${String(title.content?.title)}" in ${project} [${tagText}]` }] };
    },
  );

  return server;
}
