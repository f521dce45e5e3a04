import * as z from 'zod/v4';
import { confirm } from '../confirm.js';
import { files } from '../store.js';
import type { ToolDefinition } from '../types.js';

export const deleteFileTool: ToolDefinition = {
  name: 'delete_file',
  description: 'Delete a file from the workspace',
  inputSchema: z.object({ path: z.string() }),
  handler: async ({ path }, ctx) => {
    if (!files.has(path)) return { content: [{ type: 'text', text: `No such file: ${path}` }], isError: true };
    if (!(await confirm(ctx, `Delete ${path}? This cannot be undone.`))) {
      return { content: [{ type: 'text', text: `Kept ${path}.` }] };
    }
    files.delete(path);
    return { content: [{ type: 'text', text: `Deleted ${path}.` }] };
  },
};
