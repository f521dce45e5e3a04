import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

type Handler = (args: { path: string }, ctx: ServerContext) => Promise<{ content: { type: 'text'; text: string }[] }>;

async function archive({ path }: { path: string }, ctx: ServerContext) {
  const choice = await ctx.mcpReq.elicitInput({
    message: `Archive ${path}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  const done = choice.action === 'accept' && choice.content?.confirm === true;
  return { content: [{ type: 'text' as const, text: done ? `${path} archived` : `${path} kept` }] };
}

// The tools in registration order: the loop numbers them from their index.
const TOOLS: Array<{ name: string; handler: Handler }> = [{ name: 'archive', handler: archive }];

export function build(): McpServer {
  const server = new McpServer({ name: 'archive', version: '2.0.0' });
  for (const [index, tool] of TOOLS.entries()) {
    server.registerTool(tool.name, { title: `Tool ${index + 1}`, inputSchema: z.object({ path: z.string() }) }, tool.handler);
  }
  return server;
}
