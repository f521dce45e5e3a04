import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'storage', version: '2.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  // The helper keeps the low-level server in a local first: once the ask is replayed, nothing reads it.
  async function confirm(message: string): Promise<boolean> {
    const answer = await ask.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    return answer.action === 'accept' && answer.content?.ok === true;
  }

  server.registerTool(
    'purge_bucket',
    { description: 'Delete every object in a bucket', inputSchema: z.object({ bucket: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ bucket }) => {
      if (!(await confirm(`Purge every object in ${bucket}?`))) {
        return { content: [{ type: 'text', text: 'Nothing purged.' }] };
      }
      return { content: [{ type: 'text', text: `Purged ${bucket}.` }] };
    }, { name: 'purge_bucket' }),
  );

  return server;
}
