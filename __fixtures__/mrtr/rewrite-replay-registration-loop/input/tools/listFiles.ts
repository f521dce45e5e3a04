import * as z from 'zod/v4';
import { files } from '../store.js';
import type { ToolDefinition } from '../types.js';

export const listFilesTool: ToolDefinition = {
  name: 'list_files',
  description: 'List the files of the workspace',
  inputSchema: z.object({}),
  handler: async () => ({ content: [{ type: 'text', text: [...files.keys()].sort().join('\n') }] }),
};
