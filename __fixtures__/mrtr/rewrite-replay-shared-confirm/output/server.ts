import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmAction, lastFailure } from './confirm.js';
import { sharedRequestStateCodec, withAsks } from './mcp-mrtr-runtime.js';

// requestState carries the answers between rounds: encrypted, signed with MCP_REQUEST_STATE_SECRET, bound to the
// method and client, expiring and opened once (sharedRequestStateCodec in mcp-mrtr-runtime.ts).
const requestStateCodec = sharedRequestStateCodec();

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
    }, { name: 'delete_file' }),
  );

  server.registerTool(
    'overwrite_file',
    { description: 'Replace the contents of a file', inputSchema: z.object({ path: z.string(), text: z.string() }) },
    withAsks(server.server, requestStateCodec, async ({ path, text }) => {
      const confirmed = await confirmAction(server, `Overwrite ${path} with ${text.length} characters?`);
      if (!confirmed) return { content: [{ type: 'text', text: 'Nothing written.' }] };
      files.set(path, text);
      return { content: [{ type: 'text', text: `Wrote ${text.length} characters to ${path}.` }] };
    }, { name: 'overwrite_file' }),
  );

  server.registerTool('clear_workspace', { description: 'Delete every file' }, withAsks(server.server, requestStateCodec, async () => {
    const count = files.size;
    if (!(await confirmAction(server, `Delete all ${count} files?`))) {
      return { content: [{ type: 'text', text: 'Workspace unchanged.' }], isError: true };
    }
    files.clear();
    return { content: [{ type: 'text', text: `Deleted ${count} files.` }] };
  }, { name: 'clear_workspace' }));

  return server;
}
