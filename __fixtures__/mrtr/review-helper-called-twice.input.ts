import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'media', version: '1.0.0' });

async function confirmCharge(usd: number): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message: `Charge $${usd.toFixed(2)}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  });
  return answer.action === 'accept';
}

// One handler, two calls of the helper: each call site is its own chain.
server.tool('render_video', { seconds: z.number() }, async ({ seconds }) => {
  if (!(await confirmCharge(seconds * 0.1))) return { content: [{ type: 'text', text: 'Cancelled.' }] };
  if (seconds > 60 && !(await confirmCharge(5))) return { content: [{ type: 'text', text: 'No long render.' }] };
  return { content: [{ type: 'text', text: 'Rendering.' }] };
});
