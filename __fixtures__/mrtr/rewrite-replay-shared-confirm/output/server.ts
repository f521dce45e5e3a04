import { McpServer, createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmAction, lastFailure } from './confirm.js';
import { withAsks } from './mcp-mrtr-runtime.js';

// Multi-round handlers carry their earlier answers in requestState, which the client echoes back: it is signed
// with MCP_REQUEST_STATE_SECRET (at least 32 bytes, the same on every server instance), expires, and is bound to the
// request method and the authenticated client.
const requestStateSecret = process.env.MCP_REQUEST_STATE_SECRET ?? '';
if (new TextEncoder().encode(requestStateSecret).length < 32) {
  throw new Error('MCP_REQUEST_STATE_SECRET must be set to a secret of at least 32 bytes, the same on every server instance: it signs the requestState of multi-round requests');
}
const requestStateCodec = createRequestStateCodec({
  key: requestStateSecret,
  ttlSeconds: 600,
  bind: (ctx: ServerContext) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ''}`,
});

const files = new Map<string, string>();

export function build() {
  const server = new McpServer({ name: 'workspace-files', version: '1.4.0' }, { requestState: { verify: requestStateCodec.verify } });

  server.registerTool(
    'delete_file',
    { description: 'Delete a file from the workspace', inputSchema: z.object({ path: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ path }) => {
      if (!(await confirmAction(server, `Delete ${path}? This cannot be undone.`))) {
        return { content: [{ type: 'text', text: `Kept ${path}.${lastFailure ? ` (${lastFailure})` : ''}` }] };
      }
      files.delete(path);
      return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
    }),
  );

  server.registerTool(
    'overwrite_file',
    { description: 'Replace the contents of a file', inputSchema: z.object({ path: z.string(), text: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ path, text }) => {
      const confirmed = await confirmAction(server, `Overwrite ${path} with ${text.length} characters?`);
      if (!confirmed) return { content: [{ type: 'text', text: 'Nothing written.' }] };
      files.set(path, text);
      return { content: [{ type: 'text', text: `Wrote ${text.length} characters to ${path}.` }] };
    }),
  );

  server.registerTool('clear_workspace', { description: 'Delete every file' }, withAsks(server.server, requestStateCodec, async () => {
    const count = files.size;
    if (!(await confirmAction(server, `Delete all ${count} files?`))) {
      return { content: [{ type: 'text', text: 'Workspace unchanged.' }], isError: true };
    }
    files.clear();
    return { content: [{ type: 'text', text: `Deleted ${count} files.` }] };
  }));

  return server;
}
