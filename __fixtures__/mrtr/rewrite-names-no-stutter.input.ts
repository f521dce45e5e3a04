import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

// Generated names read well: a tool named `ask_email` asks with the key `ask_email` (not `ask_ask_email`), and
// an answer bound to `response` is read through `responseAnswer` (not `responseResponse`).
export function build() {
  const server = new McpServer({ name: 'names', version: '2.0.0' });

  server.registerTool('ask_email', { description: 'Ask for an email address', inputSchema: z.object({}) }, async (_args, ctx) => {
    const { action } = await ctx.mcpReq.elicitInput({ message: 'Your email?', requestedSchema: { type: 'object', properties: { email: { type: 'string' } } } });
    return { content: [{ type: 'text', text: action }] };
  });

  server.registerTool('poem', { description: 'A poem', inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    const response = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: `A poem about ${topic}` } }], maxTokens: 50 });
    return { content: [{ type: 'text', text: Array.isArray(response.content) || response.content.type !== 'text' ? '' : response.content.text }] };
  });

  return server;
}
