import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from '../mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function registerNoteTools(server: McpServer): void {
  server.registerTool('delete_note', { inputSchema: z.object({ id: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ id }, ctx) => {
    const ok = await confirm(ctx, `Delete note ${id}?`);
    return { content: [{ type: 'text', text: ok ? `Deleted ${id}.` : `Kept ${id}.` }] };
  }, { name: 'delete_note' }));
}
