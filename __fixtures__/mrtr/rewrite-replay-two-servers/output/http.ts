import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRemove } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

// The same tool on the hosted server, built apart.
export function build(): McpServer {
  const httpServer = new McpServer({ name: 'files-hosted', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });

  httpServer.registerTool('remove', { inputSchema: z.object({ path: z.string() }) }, withAsks(httpServer.server, requestStateCodec, async ({ path }, ctx) => {
    const ok = await confirmRemove(ctx, path);
    return { content: [{ type: 'text', text: ok ? `Removed ${path} (hosted).` : `Kept ${path}.` }] };
  }, { name: 'remove' }));
  return httpServer;
}
