import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function build(): McpServer {
  const server = new McpServer({ name: 'typed', version: '2.0.0' });

  // The callback's declared return type must admit the input-required result after the rewrite.
  server.registerTool('archive_project', { inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx): Promise<CallToolResult> => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Archive ${project}? It becomes read-only.`,
      requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
    });
    const archived = answer.action === 'accept' && answer.content?.archive === true;
    return { content: [{ type: 'text', text: archived ? `Archived ${project}.` : `${project} stays active.` }] };
  });

  return server;
}
