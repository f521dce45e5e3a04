import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { ask, sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

/** The tools every entry serves: the local one over stdio and the hosted one over HTTP. */
export function registerTools(server: McpServer, label: string): void {
  server.registerTool(
    'remove',
    { description: 'Remove a file after confirmation', inputSchema: z.object({ path: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ path }) => {
      const answer = await ask.elicitInput({
        message: `Remove ${path}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action !== 'accept' || answer.content?.ok !== true)
        return { content: [{ type: 'text', text: `Kept ${path}.` }] };
      return { content: [{ type: 'text', text: `Removed ${path} (${label}).` }] };
    }, { name: 'remove' }),
  );
}
