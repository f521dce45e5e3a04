// MikeBild/wikikit's shape: each call builds a context object, declared with the project's own type, whose methods
// ask; the tools get it through an interface's method (`tool.execute(input, context)`) and pass its method on.
import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { TOOLS, type ToolContext } from './tools.js';

export function build(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' });
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { description: tool.description, inputSchema: z.object({ input: z.string() }) },
      async ({ input }, ctx) => {
        const context: ToolContext = {
          async confirm(message) {
            const answer = await ctx.mcpReq.elicitInput({
              mode: 'form',
              message,
              requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
            });
            return answer.action === 'accept' && answer.content?.ok === true;
          },
        };
        return tool.execute(input, context);
      },
    );
  }
  return server;
}
