import * as z from 'zod/v4';
import { files } from '../store.js';
import type { ToolDefinition } from '../types.js';
import { ask } from '../mcp-mrtr-runtime.js';

export const renameFileTool: ToolDefinition = {
  name: 'rename_file',
  description: 'Rename a file; asks before replacing an existing one',
  inputSchema: z.object({ from: z.string(), to: z.string() }),
  async handler({ from, to }, ctx) {
    const text = files.get(from);
    if (text === undefined) return { content: [{ type: 'text', text: `No such file: ${from}` }], isError: true };
    if (files.has(to)) {
      const answer = await ask.elicitInput({
        message: `${to} exists. Replace it?`,
        requestedSchema: {
          type: 'object',
          properties: { replace: { type: 'boolean', title: 'Replace' } },
          required: ['replace'],
        },
      });
      if (answer.action !== 'accept' || answer.content?.replace !== true) {
        return { content: [{ type: 'text', text: `Kept ${from} and ${to}.` }] };
      }
    }
    files.delete(from);
    files.set(to, text);
    return { content: [{ type: 'text', text: `Renamed ${from} to ${to}.` }] };
  },
};
