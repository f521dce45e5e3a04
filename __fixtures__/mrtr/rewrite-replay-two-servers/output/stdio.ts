import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRemove } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// The server a local client starts over stdio.
export function build(): McpServer {
  const stdioServer = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  stdioServer.registerTool('remove', { inputSchema: z.object({ path: z.string() }) }, withAsks(stdioServer.server, requestStateCodec, async ({ path }, ctx) => {
    const ok = await confirmRemove(ctx, path);
    return { content: [{ type: 'text', text: ok ? `Removed ${path}.` : `Kept ${path}.` }] };
  }, { name: 'remove' }));
  return stdioServer;
}
