import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmRelease } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

export function build() {
  const server = new McpServer({ name: 'release-desk', version: '1.4.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'publish_release',
    { description: 'Publish a tagged release', inputSchema: z.object({ tag: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ tag }) => {
      if (!(await confirmRelease(server, tag))) {
        return { content: [{ type: 'text', text: `Release ${tag} kept as a draft.` }] };
      }
      return { content: [{ type: 'text', text: `Release ${tag} published.` }] };
    }, { name: 'publish_release' }),
  );

  return server;
}
