import { McpServer } from '@modelcontextprotocol/server';
import { ElicitResultSchema } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

type Send = (request: { method: string; params: Record<string, unknown> }, schema: typeof ElicitResultSchema) => Promise<{ action: string }>;

// The request sender travels as a value into a helper that asks through it (as in the reference "everything"
// server's research tool): the sender is proven by what the caller passes in, so the helper's call is the site.
async function clarify(topic: string, send: Send): Promise<string> {
  const answer = await send({ method: 'elicitation/create', params: { message: `Which ${topic}?`, requestedSchema: { type: 'object', properties: {} } } }, ElicitResultSchema);
  return answer.action;
}

// Passed to a function that makes no request through it: not a site.
function describe(name: string, send: Send): string {
  return `${name}: ${typeof send}`;
}

export function build() {
  const server = new McpServer({ name: 'research', version: '2.0.0' });

  server.registerTool('research', { description: 'Research a topic', inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
    const answer = await clarify(topic, ctx.mcpReq.send);
    return { content: [{ type: 'text', text: `${describe('send', ctx.mcpReq.send)} ${answer}` }] };
  });

  return server;
}
