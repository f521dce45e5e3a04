import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirm } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from '../mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function registerFileTools(server: McpServer): void {
  server.registerTool('remove_file', { inputSchema: z.object({ path: z.string() }) }, withAsks(server.server, requestStateCodec, async ({ path }, ctx) => {
    const ok = await confirm(ctx, `Remove ${path}?`);
    return { content: [{ type: 'text', text: ok ? `Removed ${path}.` : `Kept ${path}.` }] };
  }, { name: 'remove_file' }));
}
