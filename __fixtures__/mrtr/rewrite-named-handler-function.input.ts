import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

// The handler is a named function, registered by name.
async function exportReport({ format }: { format: string }, ctx: ServerContext) {
  const choice = await ctx.mcpReq.elicitInput({
    message: `Export the report as ${format}. Include private notes?`,
    requestedSchema: { type: 'object', properties: { includePrivate: { type: 'boolean' } } },
  });
  const includePrivate = choice.action === 'accept' && choice.content?.includePrivate === true;
  return { content: [{ type: 'text' as const, text: `report.${format}${includePrivate ? ' (with private notes)' : ''}` }] };
}

export function build(): McpServer {
  const server = new McpServer({ name: 'reports', version: '2.0.0' });
  server.registerTool('export_report', { inputSchema: z.object({ format: z.string() }) }, exportReport);
  return server;
}
