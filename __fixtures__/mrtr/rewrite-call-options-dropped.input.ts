import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// An ask with request options (a ten-minute timeout, as the reference "everything" server writes): the
// explicit form has no pending request to pass them to, so the report notes what was dropped.
export function build() {
  const server = new McpServer({ name: 'options', version: '2.0.0' });

  server.registerTool('profile', { description: 'Ask for a profile', inputSchema: z.object({}) }, async (_args, ctx) => {
    const answer = await ctx.mcpReq.elicitInput(
      { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      { timeout: 10 * 60 * 1000 /* 10 minutes */ },
    );
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `Hello ${String(answer.content?.name)}` : answer.action }] };
  });

  return server;
}
