import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { confirmAction, lastFailure } from './confirm.js';

const files = new Map<string, string>();

export function build() {
  const server = new McpServer({ name: 'workspace-files', version: '1.4.0' });

  server.registerTool(
    'delete_file',
    { description: 'Delete a file from the workspace', inputSchema: z.object({ path: z.string() }) },
    async ({ path }) => {
      if (!(await confirmAction(server, `Delete ${path}? This cannot be undone.`))) {
        return { content: [{ type: 'text', text: `Kept ${path}.${lastFailure ? ` (${lastFailure})` : ''}` }] };
      }
      files.delete(path);
      return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
    },
  );

  server.registerTool(
    'overwrite_file',
    { description: 'Replace the contents of a file', inputSchema: z.object({ path: z.string(), text: z.string() }) },
    async ({ path, text }) => {
      const confirmed = await confirmAction(server, `Overwrite ${path} with ${text.length} characters?`);
      if (!confirmed) return { content: [{ type: 'text', text: 'Nothing written.' }] };
      files.set(path, text);
      return { content: [{ type: 'text', text: `Wrote ${text.length} characters to ${path}.` }] };
    },
  );

  server.registerTool('clear_workspace', { description: 'Delete every file' }, async () => {
    const count = files.size;
    if (!(await confirmAction(server, `Delete all ${count} files?`))) {
      return { content: [{ type: 'text', text: 'Workspace unchanged.' }], isError: true };
    }
    files.clear();
    return { content: [{ type: 'text', text: `Deleted ${count} files.` }] };
  });

  return server;
}
