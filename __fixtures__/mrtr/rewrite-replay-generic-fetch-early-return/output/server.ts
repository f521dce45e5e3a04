import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { createAlbum } from './albums.js';
import { PhotoClient } from './client.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

const client = new PhotoClient();

/** How often each effect ran (the equivalence harness compares them). */
export function effectCounts() {
  return { requests: client.requests, saved: client.saved.length };
}

export function build() {
  const server = new McpServer({ name: 'albums', version: '1.0.0' }, { requestState: { verify: requestStateCodec.verify } });
  server.registerTool(
    'create_album',
    { inputSchema: z.object({ name: z.string(), quality: z.string().optional() }) },
    withAsks(server.server, requestStateCodec, async ({ name, quality }, ctx) => createAlbum(client, ctx, name, quality), { name: 'create_album' }),
  );
  return server;
}
