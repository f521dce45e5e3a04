import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { summarize } from './summarize.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
export const requestStateCodec = sharedRequestStateCodec();

export function registerTools(server: McpServer): void {
  server.registerTool(
    'summarize_text',
    { description: 'Summarize a text', inputSchema: z.object({ text: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ text }) => ({ content: [{ type: 'text', text: await summarize(server, text) }] }), { name: 'summarize_text' }),
  );
}
