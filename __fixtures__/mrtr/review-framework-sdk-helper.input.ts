// A FastMCP tool hands its session's SDK server (`session.server`) to a helper typed with the SDK's Server: the ask
// is the SDK's, but FastMCP owns the tool's handler, so no SDK rewrite applies.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { FastMCP } from 'fastmcp';
import { z } from 'zod';

async function confirm(server: Server, message: string): Promise<boolean> {
  const answer = await server.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

const app = new FastMCP({ name: 'files', version: '1.0.0' });

app.addTool({
  name: 'delete',
  parameters: z.object({ path: z.string() }),
  execute: async ({ path }, { session }) => {
    if (!session || !(await confirm(session.server, `Delete ${path}?`))) return 'Kept.';
    return `Deleted ${path}`;
  },
});
