import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmAction } from '../confirm.js';
import { sharedRequestStateCodec, withAsks } from '../mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

export function registerTools(server: McpServer): void {
  server.registerTool('archive_note', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }) => {
    if (!(await confirmAction(server, `Archive note ${id}?`))) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Archived ${id}.` }] };
  }, { name: 'archive_note' }));
}
